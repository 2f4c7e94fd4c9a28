/**
 * Preview links, /preview/<token>/: a draft as a visitor sees it, on any device, without signing in, for 7 days from
 * the link's making (server/storage/previewLinksStore.ts). Never counted: no visit, exposure, step count or lead is
 * recorded, and the sending step answers as a test-mode lead would, sent nowhere. Each step is a plain form posted
 * back to the link (server/preview/previewWalk.ts), drawn with the site's own step components (previewPage.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { flowFindings } from "../../engine/core/checkFlow";
import { formatFinding, hasErrors } from "../../engine/core/findings";
import type { PostedForm } from "../../engine/core/kinds/stepKind";
import { lintFlow } from "../../engine/core/lintFlow";
import type { FlowDocument, SchemaCheck } from "../../engine/core/types";
import { createSchemaCheck } from "../../engine/node/validation";
import { escapeHtml, plainPage } from "../plainPage";
import { findDraft, type Draft } from "../storage/draftsStore";
import { previewedDraftId } from "../storage/previewLinksStore";
import type { Database } from "../storage/schema";
import { previewPageHtml } from "../preview/previewPage";
import { carriedState, PREVIEW_STATE_FIELD, postPreviewStep, startPreview, type PreviewState } from "../preview/previewWalk";
import type { FlowCatalog } from "../flowCatalog";

/** What the preview pages need. */
export interface PreviewRoutesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  siteDir: string;
  /** A version's built page in siteDir (quotePages.ts's versionPageFile). */
  versionPage: (flowPath: string, version: number) => string;
  now: () => Date;
}

const FORM_TYPE = "application/x-www-form-urlencoded";

/** What a link that shows nothing says. */
export const PREVIEW_ENDED = "This preview link has ended (a link works for 7 days, and not once its draft is discarded or published), or it was never made. Ask for a new one.";

/** Every preview answer: for the holder only, out of search engines, and the token never sent on as a Referer. */
function previewHeaders(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", "no-store").header("x-robots-tag", "noindex").header("referrer-policy", "no-referrer").type("text/html; charset=utf-8");
}

/** The draft's document as a flow, or the findings that keep it from being shown. */
function checkedDraft(draft: Draft): { flow: FlowDocument; check: SchemaCheck } | { findings: string[] } {
  // A checker of its own: the draft's step schemas share their ids with the published version's.
  const check = createSchemaCheck();
  const file = `draft of ${draft.flow}`;
  const checked = flowFindings(check, draft.document, file);
  const findings = checked.flow ? [...checked.findings, ...lintFlow(checked.flow, file, check)] : checked.findings;
  if (!checked.flow || hasErrors(findings)) return { findings: findings.filter((f) => f.severity === "error").map(formatFinding) };
  return { flow: checked.flow, check };
}

/** The routes. */
export default async function previewRoutes(fastify: FastifyInstance, { db, flows, siteDir, versionPage, now }: PreviewRoutesOptions): Promise<void> {
  fastify.addContentTypeParser(FORM_TYPE, { parseAs: "string", bodyLimit: 32_768 }, (_request, body, done) => done(null, new URLSearchParams(String(body))));

  async function answer(request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply, move: (flow: FlowDocument, check: SchemaCheck) => PreviewState): Promise<FastifyReply> {
    const draftId = await previewedDraftId(db, request.params.token, now());
    const draft = draftId === undefined ? undefined : await findDraft(db, draftId);
    if (!draft) return previewHeaders(reply).code(404).send(plainPage("Preview ended", `<h1>Preview ended</h1><p>${escapeHtml(PREVIEW_ENDED)}</p>`));
    const checked = checkedDraft(draft);
    if ("findings" in checked) {
      const list = checked.findings.map((f) => `<li><pre style="white-space:pre-wrap">${escapeHtml(f)}</pre></li>`).join("");
      return previewHeaders(reply).send(plainPage("Preview of a draft", `<h1>Preview of a draft of ${escapeHtml(draft.flow)}</h1><p role="alert">This draft has errors, so it cannot be shown yet. Fix them in the studio; this link then shows the draft as it stands.</p><ul>${list}</ul>`));
    }
    const basePage = versionPage(flows.getFlow(draft.flow, draft.baseVersion)?.path ?? checked.flow.path, draft.baseVersion);
    return previewHeaders(reply).send(await previewPageHtml({ siteDir, basePage, draft, flow: checked.flow, state: move(checked.flow, checked.check) }));
  }

  fastify.get<{ Params: { token: string } }>("/preview/:token", (request, reply) => previewHeaders(reply).redirect(`/preview/${encodeURIComponent(request.params.token)}/`, 301));
  fastify.get<{ Params: { token: string } }>("/preview/:token/", (request, reply) => answer(request, reply, startPreview));
  fastify.post<{ Params: { token: string } }>("/preview/:token/", (request, reply) => {
    const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const posted: PostedForm = { value: (name) => body.get(name) ?? undefined, values: (name) => body.getAll(name) };
    return answer(request, reply, (flow, check) => {
      const carried = carriedState(flow, posted.value(PREVIEW_STATE_FIELD));
      if (!carried) return { ...startPreview(flow), note: "The preview started again from the first step: the draft has changed since that page." };
      return postPreviewStep(flow, carried, posted, check);
    });
  });
}
