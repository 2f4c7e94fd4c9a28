/**
 * A preview link's page: the draft's step drawn on the server with the site's own step components
 * (engine/react's QuoteFlow, as a quote without scripts is drawn), inside the built quote page of the version the
 * draft was made from, its scripts taken out (they would take the page over with the published version). Marked
 * as a preview at the top, kept out of search engines; its forms post back to the link with the preview's state.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createElement } from "react";
import { prerender } from "react-dom/static";
import { escapeMarkup } from "../../engine/core/escapeMarkup";
import type { ServedStep } from "../../engine/core/servedStep";
import type { FlowDocument } from "../../engine/core/types";
import { QuoteFlow } from "../../engine/react/QuoteFlow";
import type { FlowServices } from "../../engine/react/types";
import type { Draft } from "../storage/draftsStore";
import { PREVIEW_BACK_FIELD, PREVIEW_STATE_FIELD, stateField, type PreviewState } from "./previewWalk";

/** Nothing a preview's step asks for leaves the server: the step is drawn from what the state already holds. */
const PREVIEW_SERVICES: FlowServices = {
  lookupAddresses: async () => [],
  submitLead: async () => ({ code: "99", leadId: "preview" }),
  // The page has no script to run it: a preview's answers are checked on the server when posted (previewWalk.ts).
  loadValidator: async () => ({ stepValidator: () => true }),
  startFlow: () => undefined,
  loadPartners: async () => [],
  knownPartners: () => [],
  loadDeals: async () => [],
  knownDeals: () => [],
};

const MAIN = /^([\s\S]*?<main\b[^>]*>)[\s\S]*(<\/main>[\s\S]*)$/;
const SCRIPTS = /<script\b(?![^>]*type="application\/(ld\+)?json")[^>]*>[\s\S]*?<\/script>|<link\b[^>]*rel="modulepreload"[^>]*>/g;

/** The banner every preview page starts with. */
export function previewBanner(draft: Draft, flow: FlowDocument): string {
  return `<p class="notice" role="note" data-preview=""><strong>Preview of a draft</strong> of ${escapeMarkup(flow.title)}, made from v${draft.baseVersion} and last saved by ${escapeMarkup(draft.editor)} at ${escapeMarkup(draft.updatedAt.slice(0, 16).replace("T", " "))} UTC. Visitors do not see it. Nothing entered here is kept, counted or sent to anyone.</p>`;
}

/** The step the state stands at, drawn by the site's components, its forms carrying the state back. */
export async function drawPreviewStep(flow: FlowDocument, state: PreviewState): Promise<string> {
  const served: ServedStep = { walk: state.walk, answers: state.answers, errors: state.errors, revision: 1, query: "", partners: [], open: true, ...(state.result ? { result: state.result } : {}) };
  const { prelude } = await prerender(createElement(QuoteFlow, { flow, services: PREVIEW_SERVICES, served }), { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude).text();
  const carried = `<input type="hidden" name="${PREVIEW_STATE_FIELD}" value="${stateField(state)}">`;
  return (
    html
      // Back is a GET of the step's address on the site; here it posts the state back, so no answer goes into an address.
      .replace(/<form\b[^>]*class="lozenge-form"[^>]*>[\s\S]*?(<button)/g, `<form method="post" class="lozenge-form">${carried}<input type="hidden" name="${PREVIEW_BACK_FIELD}" value="1">$1`)
      .replace(/(<form\b[^>]*method="post"[^>]*>)(?!<input type="hidden" name="_preview")/g, `$1${carried}`)
  );
}

/**
 * The whole page: the built quote page of `basePage` (a file in `siteDir`) with the step in its <main>, or a plain
 * page of its own when the site is not built.
 */
export async function previewPageHtml({ siteDir, basePage, draft, flow, state }: { siteDir: string; basePage: string; draft: Draft; flow: FlowDocument; state: PreviewState }): Promise<string> {
  const note = state.note ? `<p class="notice" role="status">${escapeMarkup(state.note)}</p>` : "";
  const inside = `<div class="container narrow quote-page">${previewBanner(draft, flow)}<h1 class="quote-page__title">${escapeMarkup(flow.title)}</h1>${note}${await drawPreviewStep(flow, state)}</div>`;
  const built = await readFile(path.join(siteDir, basePage), "utf8").catch(() => undefined);
  const match = built === undefined ? undefined : MAIN.exec(built.replace(SCRIPTS, ""));
  if (!match) {
    return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Preview: ${escapeMarkup(flow.title)}</title></head><body><main>${inside}</main></body></html>`;
  }
  const before = match[1]!.replace(/<meta name="robots"[^>]*>/g, "").replace(/<title>([^<]*)<\/title>/, '<meta name="robots" content="noindex"><title>Preview: $1</title>');
  return `${before}${inside}${match[2]!}`;
}
