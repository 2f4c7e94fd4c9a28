/** The experiment report as text for the terminal (`npm run report:funnel`). */
import type { ExperimentReport, VersionReport } from "./experimentReport";
import { metricsText } from "./experimentMetricsText";
import { decideOnLine, METRICS_FOOTNOTE, pendingSentence, settledSentence } from "./experimentMetricWording";
import { count, FOOTNOTE, leftOutSentence, percent, periodLine, points, pointsInterval, pValue, SRM_CAUSES, srmSentence, weightsLine } from "./experimentReportWording";
import { textTable } from "./textTable";

/** The report as text for the terminal. */
export function formatExperimentReport(report: ExperimentReport): string {
  const { period } = report;
  const lines = [
    `Experiment report for ${report.flowId}`,
    `Period: ${periodLine(period)}`,
    `Weights: ${weightsLine(period)}; control v${period.control}`,
    `Planned: ${period.plannedPerVersion ? `${count(period.plannedPerVersion)} visitors per version` : "none set (see “Plan how many visitors you need” in the guide)"}; confidence sequence tuned for ${count(report.sequentialTuning)} visitors in two versions`,
    `Traffic split: ${srmSentence(report.srm, report.splitHeldBack)}`,
  ];
  if (report.srm?.mismatch) lines.push("  Likely causes:", ...SRM_CAUSES.map((cause) => `  - ${cause}`), "  Find and fix the cause, then start a new period; these figures cannot be trusted.");
  const leftOut = leftOutSentence(report.leftOut);
  if (leftOut) lines.push(leftOut);
  lines.push(`Decided on: ${decideOnLine(report.decideOn, report.guardrails)}`);
  if (report.settleHours !== undefined) lines.push(`Settled: ${settledSentence(report.settleHours)}`);
  const pending = pendingSentence(report.pending);
  if (pending) lines.push(`Pending: ${pending}`);

  lines.push("", textTable(["version", "weight", "exposures", "leads", "conversion", "95% interval"], report.versions.map((v) => [versionName(v), `${v.weight}%`, count(v.exposures), count(v.leads), percent(v.conversion), v.wilson95 ? `${percent(v.wilson95[0])} – ${percent(v.wilson95[1])}` : "–"])));

  const others = report.versions.filter((v) => !v.isControl);
  if (others.length > 0) {
    lines.push("", `Against the control v${period.control} (differences in percentage points):`);
    lines.push(
      textTable(
        ["version", "difference", "95% interval", "p", "p (Holm)", "anytime 95% interval", "verdict"],
        others.map((v) => {
          const c = v.comparison;
          return [versionName(v), c ? points(c.difference) : "–", c ? pointsInterval(c.differenceCI95) : "–", c ? pValue(c.p) : "–", c ? pValue(c.pHolm) : "–", c ? pointsInterval(c.sequentialCI95) : "–", v.verdict!.text];
        }),
      ),
    );
  }

  lines.push(...metricsText(report));

  for (const v of report.versions.filter((version) => version.steps.length > 0)) {
    lines.push("", `Steps of v${v.version} (visits that reached each; drop-off = share of them who did not reach the next):`);
    for (const step of v.steps.filter((s) => s.onPath)) lines.push(`  ${step.stepId.padEnd(24)} ${count(step.reached).padStart(9)}${step.dropOff === undefined ? "" : `  ${percent(step.dropOff).padStart(6)} drop-off`}`);
    const off = v.steps.filter((s) => !s.onPath);
    if (off.length > 0) lines.push("  off the usual path:", ...off.map((s) => `    ${s.stepId.padEnd(22)} ${count(s.reached).padStart(9)}`));
  }

  lines.push("", "Verdicts:", ...(others.length > 0 ? others.map((v) => `  v${v.version}: ${v.verdict!.text}`) : ["  none: there is no other version to compare with the control"]));
  lines.push("", "Decisions:", ...(others.length > 0 ? others.map((v) => `  v${v.version}: ${v.decision!.text}`) : ["  none: there is no other version to compare with the control"]));
  lines.push("", ...FOOTNOTE.split("\n"), ...METRICS_FOOTNOTE.split("\n"));
  return `${lines.join("\n")}\n`;
}

/** "v1 (control)", "v2". */
export function versionName(v: VersionReport): string {
  return `v${v.version}${v.isControl ? " (control)" : ""}`;
}
