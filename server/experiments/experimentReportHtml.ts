/**
 * The experiment report as HTML: a fragment (its tables, each with a caption and header cells, and the verdicts)
 * that the /analysts/flows/ page shows under each flow, and a whole page for `report:funnel -- --html FILE`. Styles are
 * attributes and there are no scripts, as the site's Content Security Policy requires; every text is escaped.
 */
import { escapeMarkup, toolPageStart } from "../../engine/core/escapeMarkup";
import type { ExperimentReport, VersionReport } from "./experimentReport";
import { versionName } from "./experimentReportText";
import { metricsHtml } from "./experimentMetricsHtml";
import { decideOnLine, METRICS_FOOTNOTE, pendingSentence, settledSentence } from "./experimentMetricWording";
import { broken, caption, cell, muted, num, tableStyle } from "./reportHtmlStyles";
import { beganText, count, FOOTNOTE, leftOutSentence, percent, points, pointsInterval, pValue, SRM_CAUSES, srmSentence, weightsLine } from "./experimentReportWording";

const esc = escapeMarkup;

/** The report's body without a page around it; its headings start at `headingLevel` (2 to 5). */
export function experimentReportFragment(report: ExperimentReport, headingLevel = 2): string {
  const h = `h${headingLevel}`;
  const { period } = report;
  const others = report.versions.filter((v) => !v.isControl);
  const srm = report.srm?.mismatch
    ? `<div style="${broken}"><p style="margin:0"><strong>Traffic split broken: do not trust these figures.</strong> ${esc(srmSentence(report.srm, report.splitHeldBack))}. Likely causes:</p>
<ul>
${SRM_CAUSES.map((c) => `<li>${esc(c)}</li>`).join("\n")}
</ul>
<p style="margin:0">Find and fix the cause, then start a new period.</p></div>`
    : `<p>Traffic split: ${esc(srmSentence(report.srm, report.splitHeldBack))}.</p>`;
  const leftOut = leftOutSentence(report.leftOut);
  const planned = period.plannedPerVersion ? `${count(period.plannedPerVersion)} visitors per version` : "none set (see “Plan how many visitors you need” in the guide)";
  return `<div class="experiment-report">
<p>Period <code>${esc(period.id)}</code>, ${esc(beganText(period))}. Weights ${esc(weightsLine(period))}; control v${period.control}. Planned: ${esc(planned)}.</p>
${srm}
<p>Decided on: ${esc(decideOnLine(report.decideOn, report.guardrails))}.${report.settleHours === undefined ? "" : ` Settled: ${esc(settledSentence(report.settleHours))}`}${pendingSentence(report.pending) ? ` ${esc(pendingSentence(report.pending)!)}` : ""}</p>
${leftOut ? `<p style="${muted}">${esc(leftOut)}</p>\n` : ""}<table style="${tableStyle}">
<caption style="${caption}">${esc(report.flowId)}: each version in period ${esc(period.id)}</caption>
<thead><tr>${["Version", "Weight", "Exposures", "Leads", "Conversion", "95% interval"].map((c) => `<th scope="col" style="${cell}">${c}</th>`).join("")}</tr></thead>
<tbody>
${report.versions.map((v) => `<tr><th scope="row" style="${cell}">${esc(versionName(v))}</th>${[`${v.weight}%`, count(v.exposures), count(v.leads), percent(v.conversion), v.wilson95 ? `${percent(v.wilson95[0])} to ${percent(v.wilson95[1])}` : "–"].map((c) => `<td style="${num}">${esc(c)}</td>`).join("")}</tr>`).join("\n")}
</tbody>
</table>
${others.length > 0 ? comparisonTable(report, others) : `<p>No other version to compare with the control.</p>`}
${metricsHtml(report, headingLevel)}
${report.versions
  .filter((v) => v.steps.length > 0)
  .map((v) => stepsTable(report, v))
  .join("\n")}
<${h} style="font-size:1rem">What the figures mean</${h}>
${[...FOOTNOTE.split("\n"), ...METRICS_FOOTNOTE.split("\n")]
  .map((line) => `<p style="${muted}">${esc(line)}</p>`)
  .join("\n")}
</div>`;
}

function comparisonTable(report: ExperimentReport, others: VersionReport[]): string {
  const heads = ["Version", "Difference (points)", "95% interval", "p", "p (Holm)", "Anytime 95% interval", "Verdict"];
  const rows = others.map((v) => {
    const c = v.comparison;
    const cells = [c ? points(c.difference) : "–", c ? pointsInterval(c.differenceCI95) : "–", c ? pValue(c.p) : "–", c ? pValue(c.pHolm) : "–", c ? pointsInterval(c.sequentialCI95) : "–"];
    const verdict = v.verdict!.kind === "better" || v.verdict!.kind === "worse" || v.verdict!.kind === "split-broken" ? `<strong>${esc(v.verdict!.text)}</strong>` : esc(v.verdict!.text);
    return `<tr><th scope="row" style="${cell}">${esc(versionName(v))}</th>${cells.map((c) => `<td style="${num}">${esc(c)}</td>`).join("")}<td style="${cell}">${verdict}</td></tr>`;
  });
  return `<table style="${tableStyle}">
<caption style="${caption}">${esc(report.flowId)}: each version against the control, v${report.period.control}</caption>
<thead><tr>${heads.map((c) => `<th scope="col" style="${cell}">${c}</th>`).join("")}</tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>`;
}

function stepsTable(report: ExperimentReport, v: VersionReport): string {
  return `<table style="${tableStyle}">
<caption style="${caption}">${esc(report.flowId)} v${v.version}: visits reaching each step</caption>
<thead><tr><th scope="col" style="${cell}">Step</th><th scope="col" style="${cell}">Visits</th><th scope="col" style="${cell}">Drop-off to the next step</th></tr></thead>
<tbody>
${v.steps.map((s) => `<tr><th scope="row" style="${cell}">${esc(s.onPath ? s.stepId : `${s.stepId} (off the usual path)`)}</th><td style="${num}">${count(s.reached)}</td><td style="${num}">${s.dropOff === undefined ? "" : percent(s.dropOff)}</td></tr>`).join("\n")}
</tbody>
</table>`;
}

/** The report as a whole HTML page (no scripts, no outside files). */
export function experimentReportHtml(report: ExperimentReport): string {
  const title = `Experiment report for ${report.flowId}`;
  return `${toolPageStart(title)}
</head>
<body style="font-family:system-ui,Arial,sans-serif;color:#1b1f23;margin:2rem auto;max-width:72rem;padding:0 1rem;line-height:1.45">
<main>
<h1>${esc(title)}</h1>
${experimentReportFragment(report, 2)}
</main>
</body>
</html>
`;
}
