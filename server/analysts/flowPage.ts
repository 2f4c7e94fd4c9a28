/**
 * A flow's own results page, /analysts/flows/<flow>/: it opens with the same sentence as the list of flows, then
 * the figures that explain it, what became of the leads, the visits left out and what to do next; below, under
 * headings that say what each answers, the full statistics, the forms folder's findings, the `?v=` values asked
 * for that name no version, and each version's picture with a link to try it.
 */
import { escapeMarkup as esc } from "../../engine/core/escapeMarkup";
import { formatFinding, type Finding } from "../../engine/core/findings";
import type { CorpusFlow, CorpusVersion } from "../../engine/core/flowCorpus";
import type { ExperimentReport } from "../experiments/experimentReport";
import { experimentReportFragment } from "../experiments/experimentReportHtml";
import { MAX_RECORDED_VERSION, OTHER_VERSION, type UnknownVersionCount } from "../storage/unknownVersionsStore";
import { analystsPage, error, muted, panel, warn } from "./analystsPageShell";
import type { PeriodOrigin } from "./periodOrigin";
import { GUIDE_PATH, termLink, termNote, type TermKey } from "./analystTerms";
import { flowDecision, whatNext } from "./flowDecision";
import { figuresHtml, leadOutcomesHtml, leftOutHtml } from "./flowFiguresHtml";
import { pictureUrl, standingLabel, trafficShare, tryUrl } from "./flowsPage";

/** What a flow's page shows. */
export interface FlowPageInput {
  flow: CorpusFlow;
  /** The current period's report; undefined before any visit is counted. */
  report: ExperimentReport | undefined;
  /** Visits left out: the report's when there is one, else since counting began. */
  leftOut: number;
  findings: Finding[];
  unknown: UnknownVersionCount[];
  /** The recorded change that began the current period, where the flow's history holds it. */
  origin?: PeriodOrigin;
  signedIn?: string;
}

const section = (id: string, heading: string, body: string) => `<section aria-labelledby="${id}" style="${panel}">
<h2 id="${id}" style="margin:.25rem 0 .5rem;font-size:1.25rem">${heading}</h2>
${body}
</section>`;

/** The page's HTML. */
export function flowPageHtml({ flow, report, leftOut, findings, unknown, origin, signedIn }: FlowPageInput): string {
  const { standing, sentence } = flowDecision(flow, report);
  const next = whatNext(flow, report, standing);
  const planLink = `<a href="${GUIDE_PATH}#plan-how-many-visitors-you-need">Plan how many visitors you need</a>`;
  const main = `<p style="margin:.25rem 0"><a href="/analysts/flows/">All flows</a></p>
<h1 style="margin:.25rem 0">${esc(flow.title)} <span style="font-weight:400;${muted}">(${esc(flow.id)})</span></h1>
<section aria-labelledby="decision-heading" style="${panel};border-left:6px solid #0b6e4f">
<h2 id="decision-heading" style="margin:0;font-size:1rem;${muted}">The decision</h2>
<p id="decision" style="margin:.25rem 0;font-size:1.3rem;font-weight:600">${standingLabel(standing)} ${esc(sentence)}</p>
${report ? `<p style="margin:.25rem 0">Counted since this ${termLink("period")} began, ${esc(report.period.startedAt.slice(0, 16).replace("T", " "))} UTC; v${report.period.control} is the ${termLink("control")}.</p>` : ""}
${report && origin ? periodOriginHtml(flow, report.period.control, origin) : ""}
</section>
${report ? section("figures", "Why: the figures behind it", figuresHtml(report)) : ""}
${report ? section("outcomes", "Why leads did or did not turn into money", leadOutcomesHtml(report)) : ""}
${section("left-out", "Visits left out", leftOutHtml(leftOut, report !== undefined))}
${section("next", "What next", `<ul style="margin:.25rem 0">${next.map((line) => `<li>${esc(line).replace("“Plan how many visitors you need”", planLink)}</li>`).join("")}</ul>`)}
${findingsSection(flow, findings, unknown)}
${report ? section("statistics", "How sure can we be? The full statistics", statisticsIntro() + experimentReportFragment(report, 3)) : ""}
${section("versions", "The versions: what visitors see", flow.versions.map((v) => versionArticle(flow, v)).join("\n"))}`;
  return analystsPage({ title: `${flow.title}: test results (analysts)`, main, ...(signedIn === undefined ? {} : { signedIn }) });
}

/** The terms the full statistics use, explained above them. */
const STATISTICS_TERMS: TermKey[] = ["period", "splitCheck", "pending", "intervals", "anytime", "guardrail", "segments", "overTime", "steps"];

function statisticsIntro(): string {
  return STATISTICS_TERMS.map((key) => termNote(key)).join("\n");
}

function findingsSection(flow: CorpusFlow, findings: Finding[], unknown: UnknownVersionCount[]): string {
  if (findings.length === 0 && unknown.length === 0) return "";
  const notes = findings.map((f) => `<li style="${f.severity === "error" ? error : warn};list-style:none"><pre style="margin:0;white-space:pre-wrap">${esc(formatFinding(f))}</pre></li>`);
  const asked = unknown.map((u) => `<li>${u.requested === OTHER_VERSION ? `any other <code>?v=</code> (not a version number up to ${MAX_RECORDED_VERSION})` : `<code>?v=${esc(u.requested)}</code>`}: ${u.count} ${u.count === 1 ? "visit" : "visits"}, last on ${esc(u.lastDay)}</li>`);
  return section(
    "problems",
    "Problems to fix in the flow's files and links",
    `${notes.length ? `<ul aria-label="Findings for ${esc(flow.id)}" style="padding:0">\n${notes.join("\n")}\n</ul>` : ""}
${asked.length ? `<div style="${warn}"><p style="margin:0">Asked for with <code>?v=</code> but no such version (those visitors got v${flow.defaultVersion ?? "–"}):</p><ul aria-label="Unknown versions asked for in ${esc(flow.id)}">\n${asked.join("\n")}\n</ul></div>` : ""}`,
  );
}

function versionArticle(flow: CorpusFlow, v: CorpusVersion): string {
  const name = `${flow.id} v${v.version}`;
  const share = !v.flow
    ? "not served: the file has an error"
    : `${formatShare(trafficShare(flow, v.version))}% of traffic${v.version === flow.defaultVersion ? ", the default" : ""}${v.stale ? " (its last good copy; the file has an error)" : ""}`;
  const description = v.flow?.description;
  const steps = v.flow ? `: ${v.flow.steps.length} steps starting at "${v.flow.start}"` : "";
  return `<article aria-labelledby="${flow.id}-v${v.version}" style="margin:1rem 0">
<h3 id="${flow.id}-v${v.version}" style="margin-bottom:.25rem">v${v.version} <span style="font-weight:400;${muted}">· ${esc(share)}</span></h3>
<p style="margin:.25rem 0">${description ? esc(description) : `<span style="${muted}">No description.</span>`}</p>
<p style="margin:.25rem 0"><a href="${esc(tryUrl(flow, v.version))}">Try ${esc(name)}</a> <span style="${muted}">(${esc(tryUrl(flow, v.version))})</span></p>
<figure role="region" aria-label="${esc(`Step graph of ${name}, scrolls sideways`)}" tabindex="0" style="margin:.75rem 0;overflow-x:auto">
<img src="${pictureUrl(flow.id, v.version)}" alt="${esc(`Step graph of ${name}${steps}`)}" style="max-width:none;border:1px solid #e1e4e8;background:#fff">
</figure>
</article>`;
}

function formatShare(percent: number): string {
  return Number.isInteger(percent) ? String(percent) : percent.toFixed(1);
}

/** One change of the history, in words, linked to its entry on the flow's page in the studio. */
function changeLink(flow: CorpusFlow, control: number, change: PeriodOrigin["began"]): string {
  const at = change.changed_at.slice(0, 16).replace("T", " ");
  return `<a href="/analysts/studio/${encodeURIComponent(flow.id)}/v${control}#change-${change.change_id}">change ${change.change_id}</a> (${esc(change.analyst)}, ${esc(at)} UTC: “${esc(change.why)}”)`;
}

/** The change in the flow's history that began the period, and the one that returned to it. */
function periodOriginHtml(flow: CorpusFlow, control: number, { began, resumed }: PeriodOrigin): string {
  const back = resumed ? `; ${changeLink(flow, control, resumed)} returned to it` : "";
  return `<p style="margin:.25rem 0">This period began with ${changeLink(flow, control, began)} in the flow's history${back}.</p>`;
}
