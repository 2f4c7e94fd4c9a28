/**
 * The analysts' list of quote flows, /analysts/flows/: one line per flow saying, in words, what its test says now
 * ("v2 against v1: keep running — …", "No test: v1 gets every visitor"), each linking to the flow's own page
 * (flowPage.ts) where the figures behind it are. Small enough to read at a glance with every flow on it.
 */
import path from "node:path";
import { escapeMarkup as esc } from "../../engine/core/escapeMarkup";
import type { CorpusFlow, FlowCorpus } from "../../engine/core/flowCorpus";
import type { ExperimentReport } from "../experiments/experimentReport";
import { analystsPage, error, muted, panel, warn } from "./analystsPageShell";
import { termLink } from "./analystTerms";
import { flowDecision, URGENCY, type FlowStanding } from "./flowDecision";

/** Where a version can be tried: its quote page with ?v=. */
export function tryUrl(flow: { path: string }, version: number): string {
  return `/quote/${flow.path ? `${flow.path}/` : ""}?v=${version}`;
}

/** Where a version's step graph is served (drawn by scripts/formsGallery.ts into the analysts' pictures folder). */
export function pictureUrl(flowId: string, version: number): string {
  return `/analysts/flows/${flowId}-v${version}.svg`;
}

/** Where a flow's own results page is. */
export function flowPageUrl(flowId: string): string {
  return `/analysts/flows/${flowId}/`;
}

/** Where the build draws the pictures for a site built into `siteDir` (SITE_DIR): beside the public site, never in it. */
export function analystsPicturesDir(siteDir: string): string {
  return path.join(path.dirname(siteDir), "analysts", "flows");
}

/** A version's share of visitors without ?v=, in percent of the weights that are served. */
export function trafficShare(flow: CorpusFlow, version: number): number {
  const total = Object.values(flow.weights).reduce((sum, w) => sum + w, 0);
  const weight = flow.weights[String(version)] ?? 0;
  return total > 0 ? (weight / total) * 100 : version === flow.defaultVersion ? 100 : 0;
}

/** How each standing is marked: a word in a coloured label, so the line reads without colour too. */
export const STANDING_LABEL: Record<FlowStanding, { word: string; style: string }> = {
  noTest: { word: "No test", style: "background:#e8ecef;color:#1b1f23" },
  noVisits: { word: "Waiting", style: "background:#e8ecef;color:#1b1f23" },
  keepRunning: { word: "Keep running", style: "background:#e3effa;color:#0b3d6b" },
  ship: { word: "Ship", style: "background:#dff3e8;color:#084d38" },
  rollBack: { word: "Roll back", style: "background:#fde8e7;color:#8a1c15" },
  splitBroken: { word: "Split broken", style: "background:#b3261e;color:#fff" },
};

/** The label before a flow's sentence. */
export function standingLabel(standing: FlowStanding): string {
  const { word, style } = STANDING_LABEL[standing];
  return `<span style="${style};border-radius:4px;padding:0 .4rem;font-size:.85rem;font-weight:600;white-space:nowrap">${word}</span>`;
}

/**
 * The page's HTML; `experiments` has each flow's current-period report, by flow id, for the flows that have one;
 * `signedIn` is the analyst's name, for the sign-out button (none in the live preview, which needs no sign-in).
 */
export function flowsPageHtml(corpus: FlowCorpus, experiments: ReadonlyMap<string, ExperimentReport> = new Map(), signedIn?: string): string {
  const errors = corpus.findings.filter((f) => f.severity === "error").length;
  const summary =
    corpus.findings.length === 0
      ? ""
      : `<p style="${errors ? error : warn}"><strong>${errors} errors, ${corpus.findings.length - errors} warnings</strong> in the forms folder: each is shown, with what to do, on its flow's page and in the flow studio.</p>`;
  const decided = corpus.flows.map((flow) => ({ flow, ...flowDecision(flow, experiments.get(flow.id)) }));
  // What needs doing first: a broken split, then a roll back, a ship, a test running; the flows with no test last.
  decided.sort((a, b) => URGENCY.indexOf(a.standing) - URGENCY.indexOf(b.standing) || a.flow.title.localeCompare(b.flow.title));
  const lines = decided.map(({ flow, standing, sentence }) => {
    const findings = corpus.findings.filter((f) => f.file.startsWith(`${corpus.root}/${flow.id}/`)).length;
    const label = standing === "noTest" ? "" : `${standingLabel(standing)} `;
    return `<li style="padding:.2rem 0;border-bottom:1px solid #e1e4e8"><a href="${flowPageUrl(flow.id)}"><strong>${esc(flow.title)}</strong></a>${findings ? ` <span style="${muted}">(${findings} finding${findings === 1 ? "" : "s"})</span>` : ""}: ${label}${esc(sentence)}</li>`;
  });
  const main = `<h1 style="margin:.25rem 0;font-size:1.6rem">Quote flows and their tests</h1>
<p style="margin:.25rem 0">One line per flow, the tests that need a decision first: what each ${termLink("test")} says now. Money is counted on ${termLink("settled", "settled visits")} only. Open a flow for the figures behind its line and what to do next.</p>
${summary}
<ul aria-label="Flows and their tests" style="${panel};list-style:none;padding:.25rem 1rem">
${lines.join("\n")}
</ul>`;
  return analystsPage({ title: "Quote flows and their tests (analysts)", main, ...(signedIn === undefined ? {} : { signedIn }) });
}
