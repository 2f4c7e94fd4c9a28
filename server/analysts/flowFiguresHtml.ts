/**
 * The figures that explain a flow's decision, at the top of its page: per version its visits, how many have settled,
 * its leads and money; what became of its leads (accepted, duplicates, rejected by every buyer, routed to no buyer,
 * still being delivered), with a sentence wherever a version has earned nothing; and the visits left out.
 */
import { escapeMarkup as esc } from "../../engine/core/escapeMarkup";
import type { LeadOutcomeCounts } from "../experiments/experimentCounts";
import { METRIC_NAMES } from "../experiments/experimentDecision";
import { metricFigure, pounds } from "../experiments/experimentMetricWording";
import type { ExperimentReport, VersionReport } from "../experiments/experimentReport";
import { count } from "../experiments/experimentReportWording";
import { caption, cell, num, tableStyle } from "../experiments/reportHtmlStyles";
import { termNote } from "./analystTerms";

const versionName = (v: VersionReport) => `v${v.version}${v.isControl ? " (control)" : ""}`;

function table(title: string, heads: string[], rows: string[][]): string {
  return `<div role="region" aria-label="${esc(title)}" tabindex="0" style="overflow-x:auto"><table style="${tableStyle}">
<caption style="${caption}">${esc(title)}</caption>
<thead><tr>${heads.map((h) => `<th scope="col" style="${cell}">${esc(h)}</th>`).join("")}</tr></thead>
<tbody>
${rows.map(([head, ...cells]) => `<tr><th scope="row" style="${cell}">${esc(head!)}</th>${cells.map((c) => `<td style="${num}">${esc(c)}</td>`).join("")}</tr>`).join("\n")}
</tbody>
</table></div>`;
}

/** Each version's visits, settled visits, leads, accepted leads and value per visit, with the words they need. */
export function figuresHtml(report: ExperimentReport): string {
  const settle = report.settleHours === undefined ? "" : ` (shown the flow more than ${report.settleHours} hours ago, with no delivery under way)`;
  return `${table(
    `Each version's visits and what they earned, over the ${count(report.versions.reduce((s, v) => s + v.exposures, 0))} visits of this period`,
    ["Version", "Share", "Visits", "Settled visits", "Leads", "Accepted leads", "Value per visit"],
    report.versions.map((v) => [
      versionName(v),
      `${v.weight}%`,
      count(v.exposures),
      count(v.exposures - v.pending),
      count(v.leads),
      metricFigure("acceptedLeads", v.metrics.acceptedLeads.mean),
      metricFigure("value", v.metrics.value.mean),
    ]),
  )}
<p style="margin:.25rem 0">The decision is taken on <strong>${esc(METRIC_NAMES[report.decideOn])}</strong>. Accepted leads and value per visit are over settled visits${esc(settle)}; leads are over every visit.</p>
${termNote("visits")}
${termNote("settled")}
${termNote("value")}`;
}

const OUTCOME_WORDS: Array<[keyof LeadOutcomeCounts, string, string]> = [
  ["accepted", "Accepted", "accepted by a buyer"],
  ["duplicates", "Duplicates", "duplicates of a lead already sent"],
  ["rejected", "Rejected by every buyer", "rejected by every buyer"],
  ["unrouted", "Routed to no buyer", "routed to no buyer"],
  ["delivering", "Still being delivered", "still being delivered"],
];

/** Why a version's leads did or did not turn into money: a table, and a sentence for each version that earned nothing. */
export function leadOutcomesHtml(report: ExperimentReport): string {
  const known = report.versions.filter((v) => v.outcomes);
  if (known.length === 0) return `<p>What became of the leads is not known for these counts.</p>`;
  const reasons = known.flatMap((v) => {
    const o = v.outcomes!;
    const value = v.metrics.value.mean;
    if (v.leads === 0) return [`${versionName(v)} has no lead yet, so it has earned nothing.`];
    if (value !== null && value > 0) return [];
    const parts = OUTCOME_WORDS.filter(([key]) => key !== "accepted" && o[key] > 0).map(([key, , words]) => `${count(o[key])} ${words}`);
    const unsettled = o.accepted > 0 ? ` ${count(o.accepted)} ${o.accepted === 1 ? "was" : "were"} accepted, but ${o.accepted === 1 ? "its visit has" : "their visits have"} not settled yet, so ${o.accepted === 1 ? "it is" : "they are"} not counted in value per visit.` : "";
    return [`${versionName(v)} shows ${pounds(0)} per visit: of its ${count(v.leads)} ${v.leads === 1 ? "lead" : "leads"}, ${parts.length ? parts.join(", ") : "none has settled"}.${unsettled}`];
  });
  return `${table(
    "What became of each version's leads",
    ["Version", "Leads", ...OUTCOME_WORDS.map(([, head]) => head)],
    known.map((v) => [versionName(v), count(v.leads), ...OUTCOME_WORDS.map(([key]) => count(v.outcomes![key]))]),
  )}
${reasons.map((r) => `<p style="margin:.25rem 0"><strong>${esc(r)}</strong></p>`).join("\n")}
${termNote("leadOutcomes")}`;
}

/** The visits served but not counted, shown whether or not the flow has a period yet. */
export function leftOutHtml(leftOut: number, hasPeriod: boolean): string {
  const since = hasPeriod ? "since this period began" : "so far";
  const sentence =
    leftOut > 0
      ? `${count(leftOut)} ${leftOut === 1 ? "visit was" : "visits were"} served this flow ${since} but not counted: ${leftOut === 1 ? "its" : "their"} internet address had started more new visits than its limit. ${leftOut === 1 ? "It" : "They"} got the default version.`
      : `No visit was left out for its internet address ${since}.`;
  return `<p style="margin:.25rem 0">${esc(sentence)} Visitors who turned off analytics cookies are never counted, so they appear in no figure.</p>
${termNote("leftOut")}`;
}
