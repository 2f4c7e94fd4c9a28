/**
 * The HTML report's sections on the three metrics: each version's figures, every metric against the control, the
 * guardrails and decisions, the decision metric by segment, and day by day as a chart with its figures in a table.
 */
import { escapeMarkup as esc } from "../../engine/core/escapeMarkup";
import { differenceChartSvg } from "./experimentChartSvg";
import { METRIC_NAMES } from "./experimentDecision";
import { METRICS } from "./experimentMetrics";
import { comparisonCells, guardrailsLine, segmentComparisonCells, segmentSplit } from "./experimentMetricsText";
import { metricDifference, metricDifferenceInterval, metricFigure, metricInterval } from "./experimentMetricWording";
import type { ExperimentReport, VersionReport } from "./experimentReport";
import { count } from "./experimentReportWording";
import { BREAKDOWNS } from "./experimentSegments";
import { caption, cell, num, tableStyle } from "./reportHtmlStyles";

const versionName = (v: { version: number; isControl: boolean }) => `v${v.version}${v.isControl ? " (control)" : ""}`;
const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
const COMPARISON_HEADS = ["Difference", "95% interval", "p", "p (Holm)", "Anytime 95% interval", "Anytime p"];

/** A captioned table: header cells in scope, each row's first cell its header; every text escaped here. */
function table(title: string, heads: string[], rows: string[][]): string {
  return `<table style="${tableStyle}">
<caption style="${caption}">${esc(title)}</caption>
<thead><tr>${heads.map((h) => `<th scope="col" style="${cell}">${esc(h)}</th>`).join("")}</tr></thead>
<tbody>
${rows.map(([head, ...cells]) => `<tr><th scope="row" style="${cell}">${esc(head!)}</th>${cells.map((c) => `<td style="${num}">${esc(c)}</td>`).join("")}</tr>`).join("\n")}
</tbody>
</table>`;
}

/** The sections; headings at `headingLevel`. */
export function metricsHtml(report: ExperimentReport, headingLevel: number): string {
  const h = `h${headingLevel}`;
  const flow = report.flowId;
  const others = report.versions.filter((v) => !v.isControl);
  const parts = [
    `<${h} style="font-size:1rem">Accepted leads and value per visit</${h}>`,
    table(
      `${flow}: each version's accepted leads and value per visit (pending visits left out)`,
      ["Version", "Pending visits", "Accepted leads", "95% interval", "Value per visit", "95% interval"],
      report.versions.map((v) => [
        versionName(v),
        count(v.pending),
        metricFigure("acceptedLeads", v.metrics.acceptedLeads.mean),
        metricInterval("acceptedLeads", v.metrics.acceptedLeads.ci95, " to "),
        metricFigure("value", v.metrics.value.mean),
        metricInterval("value", v.metrics.value.ci95, " to "),
      ]),
    ),
  ];
  if (others.length === 0) return parts.join("\n");
  parts.push(
    table(
      `${flow}: every metric against the control, v${report.period.control} (rates in percentage points, value in pounds)`,
      ["Version and metric", ...COMPARISON_HEADS],
      others.flatMap((v) => METRICS.map((m) => [`v${v.version}: ${METRIC_NAMES[m]}`, ...comparisonCells(m, v.metrics[m].comparison)])),
    ),
    `<${h} style="font-size:1rem">Decisions, on ${esc(METRIC_NAMES[report.decideOn])}</${h}>`,
    decisionsTable(report, others),
  );
  const segments = report.segments;
  if (segments) {
    parts.push(`<${h} style="font-size:1rem">Segments, on ${esc(METRIC_NAMES[segments.metric])}</${h}>`, `<p>For looking, never a verdict: p (Holm) allows for every segment and version compared at once.</p>`);
    for (const breakdown of BREAKDOWNS) {
      parts.push(
        segments[breakdown].length === 0
          ? `<p>No ${breakdown} segments yet.</p>`
          : table(
              `${flow}: ${METRIC_NAMES[segments.metric]} by ${breakdown}`,
              ["Segment and version", "Exposures", capitalised(METRIC_NAMES[segments.metric]), "Difference", "p (Holm)", "Anytime 95% interval", "Anytime p", "Traffic split"],
              segments[breakdown].flatMap((s) =>
                s.versions.map((v) => [`${s.segment}: ${versionName(v)}`, count(v.exposures), metricFigure(segments.metric, v.figures.mean), ...segmentComparisonCells(segments.metric, v.comparison, v.isControl), v.isControl ? segmentSplit(s) : ""]),
              ),
            ),
      );
    }
  }
  if (report.overTime && report.overTime.days.length > 0) parts.push(`<${h} style="font-size:1rem">Day by day, ${esc(METRIC_NAMES[report.overTime.metric])} so far</${h}>`, ...others.filter((v) => v.weight > 0).map((v) => overTimeFigure(report, v)));
  return parts.join("\n");
}

function decisionsTable(report: ExperimentReport, others: VersionReport[]): string {
  return `<table style="${tableStyle}">
<caption style="${caption}">${esc(report.flowId)}: what to do with each version</caption>
<thead><tr>${["Version", "Guardrails", "Decision"].map((c) => `<th scope="col" style="${cell}">${c}</th>`).join("")}</tr></thead>
<tbody>
${others
  .map((v) => {
    const code = v.decision!.code;
    const text = code === "keepRunning" ? esc(v.decision!.text) : `<strong>${esc(v.decision!.text)}</strong>`;
    return `<tr><th scope="row" style="${cell}">${esc(versionName(v))}</th><td style="${cell}">${esc(guardrailsLine(v))}</td><td style="${cell}">${text} <code>${code}</code></td></tr>`;
  })
  .join("\n")}
</tbody>
</table>`;
}

/** One version's running difference as a chart, and the same figures as a table. */
function overTimeFigure(report: ExperimentReport, v: VersionReport): string {
  const overTime = report.overTime!;
  const metric = overTime.metric;
  const days = overTime.days;
  const rows = days.map((d) => ({ day: d.day, version: d.versions.find((x) => x.version === v.version), control: d.versions.find((x) => x.version === report.period.control) }));
  const points = days.map((d) => {
    const c = d.versions.find((x) => x.version === v.version)?.comparison;
    return c ? { label: d.day, value: c.difference, low: c.sequentialCI95[0], high: c.sequentialCI95[1] } : null;
  });
  const last = points.at(-1);
  const id = `chart-${report.flowId}-${report.period.id}-v${v.version}`.replace(/[^A-Za-z0-9-]/g, "-");
  const title = `${report.flowId} v${v.version} against v${report.period.control}: ${METRIC_NAMES[metric]} so far, day by day`;
  const description = `The difference in ${METRIC_NAMES[metric]} from ${days[0]!.day} to ${days.at(-1)!.day}, with its anytime 95% interval as a band; the dashed line is no difference.${last ? ` On ${last.label}: ${metricDifference(metric, last.value)}, anytime interval ${metricDifferenceInterval(metric, [last.low, last.high])}.` : ""}`;
  const svg = differenceChartSvg({ id, title, description, points, labels: days.map((d) => d.day), format: (y) => metricDifference(metric, y) });
  return `<figure style="margin:.5rem 0 1rem">
${svg}
<figcaption>${esc(title)}</figcaption>
</figure>
${table(
  `${report.flowId} v${v.version}: ${METRIC_NAMES[metric]} so far, day by day`,
  ["Day", "Exposures so far", `v${v.version}`, `Control v${report.period.control}`, "Difference", "Anytime 95% interval"],
  rows.map(({ day, version, control }) => {
    const c = version?.comparison;
    return [day, count(version?.exposures ?? 0), metricFigure(metric, version?.figures.mean), metricFigure(metric, control?.figures.mean), c ? metricDifference(metric, c.difference) : "–", c ? metricDifferenceInterval(metric, c.sequentialCI95) : "–"];
  }),
)}`;
}
