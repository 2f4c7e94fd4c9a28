/**
 * The text report's sections on the three metrics: each version's figures, every metric against the control, the
 * guardrails, the decision metric by segment and day by day.
 */
import type { ExperimentMetric } from "./experimentCounts";
import { METRIC_NAMES, percentMargin } from "./experimentDecision";
import { METRICS, type MetricComparison } from "./experimentMetrics";
import { metricDifference, metricDifferenceInterval, metricFigure, metricInterval } from "./experimentMetricWording";
import type { ExperimentReport, VersionReport } from "./experimentReport";
import { count, pValue } from "./experimentReportWording";
import { BREAKDOWNS, type SegmentReport } from "./experimentSegments";
import { textTable } from "./textTable";

const versionName = (v: { version: number; isControl: boolean }) => `v${v.version}${v.isControl ? " (control)" : ""}`;

/** The comparison's cells: difference, its interval, p, p (Holm), the anytime interval, the anytime p. */
export function comparisonCells(metric: ExperimentMetric, c: MetricComparison | Omit<MetricComparison, "pHolm"> | null): string[] {
  if (!c) return ["–", "–", "–", "–", "–", "–"];
  return [metricDifference(metric, c.difference), metricDifferenceInterval(metric, c.differenceCI95), pValue(c.p), "pHolm" in c ? pValue(c.pHolm) : "–", metricDifferenceInterval(metric, c.sequentialCI95), pValue(c.pAnytime)];
}

/** The sections, each after a blank line. */
export function metricsText(report: ExperimentReport): string[] {
  const others = report.versions.filter((v) => !v.isControl);
  const lines = [
    "",
    "Each metric per visit (pending visits are left out of accepted leads and value):",
    textTable(
      ["version", "pending", "accepted leads", "95% interval", "value per visit", "95% interval"],
      report.versions.map((v) => [
        versionName(v),
        count(v.pending),
        metricFigure("acceptedLeads", v.metrics.acceptedLeads.mean),
        metricInterval("acceptedLeads", v.metrics.acceptedLeads.ci95),
        metricFigure("value", v.metrics.value.mean),
        metricInterval("value", v.metrics.value.ci95),
      ]),
    ),
  ];
  if (others.length === 0) return lines;
  lines.push(
    "",
    `Every metric against the control v${report.period.control} (rates in percentage points, value in pounds):`,
    textTable(
      ["version", "metric", "difference", "95% interval", "p", "p (Holm)", "anytime 95% interval", "anytime p"],
      others.flatMap((v) => METRICS.map((m, i) => [i === 0 ? versionName(v) : "", METRIC_NAMES[m], ...comparisonCells(m, v.metrics[m].comparison)])),
      2,
    ),
    "",
    "Guardrails (the anytime interval against the loss tolerated on the control's figure):",
    ...others.map((v) => `  v${v.version}: ${guardrailsLine(v)}`),
  );
  const segments = report.segments;
  if (segments) {
    lines.push("", `Segments, on ${METRIC_NAMES[segments.metric]} (for looking, never a verdict; p (Holm) across every segment and version):`);
    for (const breakdown of BREAKDOWNS) {
      lines.push(`By ${breakdown}:`);
      lines.push(segments[breakdown].length === 0 ? "  no segments yet" : segmentTable(segments.metric, segments[breakdown]));
    }
  }
  const overTime = report.overTime;
  if (overTime && overTime.days.length > 0) {
    const compared = others.filter((v) => v.weight > 0);
    lines.push(
      "",
      `Day by day since the period began, ${METRIC_NAMES[overTime.metric]} so far against v${report.period.control} (difference, and its anytime 95% interval):`,
      textTable(
        ["day", ...compared.map((v) => `v${v.version}`)],
        overTime.days.map((d) => [
          d.day,
          ...compared.map((v) => {
            const c = d.versions.find((dv) => dv.version === v.version)?.comparison;
            return c ? `${metricDifference(overTime.metric, c.difference)} (${metricDifferenceInterval(overTime.metric, c.sequentialCI95)})` : "–";
          }),
        ]),
        compared.length + 1,
      ),
    );
  }
  return lines;
}

/** "leads (at most 5% lost): passes; value per visit (at most 10% lost): undecided", or "none". */
export function guardrailsLine(v: VersionReport): string {
  const rails = v.guardrails ?? [];
  return rails.length === 0 ? "none" : rails.map((g) => `${METRIC_NAMES[g.metric]} (at most ${percentMargin(g.margin)} lost): ${g.result}`).join("; ");
}

/** A segment's comparison in brief (segments are for looking): difference, p (Holm), the anytime interval, the anytime p. */
export function segmentComparisonCells(metric: ExperimentMetric, c: MetricComparison | null, isControl: boolean): string[] {
  if (isControl) return ["", "", "", ""];
  const [difference, , , pHolm, sequence, pAnytime] = comparisonCells(metric, c);
  return [difference!, pHolm!, sequence!, pAnytime!];
}

/** The traffic split within a segment, in a few words. */
export function segmentSplit(s: SegmentReport): string {
  if (!s.srm) return "not checked";
  return `${s.srm.mismatch ? "MISMATCH" : "as weighted"} (p ${s.srm.p < 0.001 ? "< 0.001" : `= ${s.srm.p.toFixed(3)}`})`;
}

function segmentTable(metric: ExperimentMetric, segments: SegmentReport[]): string {
  return textTable(
    ["segment", "version", "exposures", METRIC_NAMES[metric], "difference", "p (Holm)", "anytime 95% interval", "anytime p", "traffic split"],
    segments.flatMap((s) =>
      s.versions.map((v, i) => [i === 0 ? s.segment : "", versionName(v), count(v.exposures), metricFigure(metric, v.figures.mean), ...segmentComparisonCells(metric, v.comparison, v.isControl), i === 0 ? segmentSplit(s) : ""]),
    ),
    2,
  );
}
