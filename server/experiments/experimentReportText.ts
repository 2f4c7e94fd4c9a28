/**
 * The experiment report as text for the terminal (`npm run report:funnel`), and the wording every form of it
 * shares: numbers, rates, differences in points, p-values, the period, the weights, the sample-ratio check.
 */
import type { ExperimentPeriod } from "./experimentCounts";
import type { ExperimentReport, VersionReport } from "./experimentReport";
import type { Interval, SampleRatioCheck } from "./stats";

/** The likely causes of a sample-ratio mismatch. */
export const SRM_CAUSES = [
  "a cache (CDN or browser) serving one version's page to visitors drawn for another",
  "a broken or old link pinning visitors to one version",
  "bots or crawlers reaching one version more than the others",
  "a version failing to load for some visitors, so they are never counted",
  "the weights changed in the middle of the period",
];

/** A whole number as people read it: "4,438". */
export function count(n: number): string {
  return n.toLocaleString("en-GB");
}

/** A rate as a percentage with one decimal ("12.0%"), or "–" when there is none. */
export function percent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? "–" : `${(rate * 100).toFixed(1)}%`;
}

/** A difference of rates in percentage points with its sign ("+1.50", "−0.50"). */
export function points(difference: number): string {
  const value = (difference * 100).toFixed(2);
  return Number(value) === 0 ? "0.00" : difference > 0 ? `+${value}` : `−${value.slice(1)}`;
}

/** An interval of differences in points: "+0.04 to +2.96". */
export function pointsInterval([low, high]: Interval): string {
  return `${points(low)} to ${points(high)}`;
}

/** A p-value as people read it: "0.044", or "< 0.001". */
export function pValue(p: number): string {
  return p < 0.001 ? "< 0.001" : p.toFixed(3);
}

/** When the period began: "began 2026-03-01 09:12 UTC". */
export function beganText(period: ExperimentPeriod): string {
  return period.startedAt ? `began ${period.startedAt.slice(0, 16).replace("T", " ")} UTC` : "start not recorded (a counts file)";
}

/** The period in words: "abc123, began 2026-03-01 09:12 UTC". */
export function periodLine(period: ExperimentPeriod): string {
  return `${period.id}, ${beganText(period)}`;
}

/** The weights in words: "v1 40%, v2 40%, v3 20%". */
export function weightsLine(period: ExperimentPeriod): string {
  return Object.entries(period.weights)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([version, weight]) => `v${version} ${weight}%`)
    .join(", ");
}

/** The sample-ratio check in one sentence. */
export function srmSentence(srm: SampleRatioCheck | undefined): string {
  if (!srm) return "not checked yet (needs two versions drawn and some exposures)";
  const figures = `chi-square ${srm.chi2.toFixed(2)}, ${srm.df} df, p ${srm.p < 0.001 ? "< 0.001" : `= ${srm.p.toFixed(3)}`}`;
  return srm.mismatch ? `MISMATCH: the exposures do not follow the weights (${figures})` : `as the weights say (${figures})`;
}

/** What the figures mean, in plain words, under every form of the report. */
export const FOOTNOTE = [
  "Exposures are distinct visits served a version; leads are those of them that sent a lead. Conversion = leads / exposures, with the range of true rates that fit what was seen (Wilson's 95% interval).",
  "Differences are in percentage points against the control. The fixed 95% interval and p (pooled z-test) hold only for one look at the planned size; p (Holm) allows for comparing several versions at once.",
  "The anytime 95% interval (a confidence sequence) holds however often you look, so you may check every day: a version is called better or worse only when it excludes 0 and p (Holm) is below 0.05.",
].join("\n");

/** The report as text for the terminal. */
export function formatExperimentReport(report: ExperimentReport): string {
  const { period } = report;
  const lines = [
    `Experiment report for ${report.flowId}`,
    `Period: ${periodLine(period)}`,
    `Weights: ${weightsLine(period)}; control v${period.control}`,
    `Planned: ${period.plannedPerVersion ? `${count(period.plannedPerVersion)} visitors per version` : "none (set plannedPerVersion in split.json)"}; confidence sequence tuned for ${count(report.sequentialTuning)} visitors in two versions`,
    `Traffic split: ${srmSentence(report.srm)}`,
  ];
  if (report.srm?.mismatch) lines.push("  Likely causes:", ...SRM_CAUSES.map((cause) => `  - ${cause}`), "  Find and fix the cause, then start a new period; these figures cannot be trusted.");

  lines.push("", table(["version", "weight", "exposures", "leads", "conversion", "95% interval"], report.versions.map((v) => [versionName(v), `${v.weight}%`, count(v.exposures), count(v.leads), percent(v.conversion), v.wilson95 ? `${percent(v.wilson95[0])} – ${percent(v.wilson95[1])}` : "–"])));

  const others = report.versions.filter((v) => !v.isControl);
  if (others.length > 0) {
    lines.push("", `Against the control v${period.control} (differences in percentage points):`);
    lines.push(
      table(
        ["version", "difference", "95% interval", "p", "p (Holm)", "anytime 95% interval", "verdict"],
        others.map((v) => {
          const c = v.comparison;
          return [versionName(v), c ? points(c.difference) : "–", c ? pointsInterval(c.differenceCI95) : "–", c ? pValue(c.p) : "–", c ? pValue(c.pHolm) : "–", c ? pointsInterval(c.sequentialCI95) : "–", v.verdict!.text];
        }),
      ),
    );
  }

  for (const v of report.versions.filter((version) => version.steps.length > 0)) {
    lines.push("", `Steps of v${v.version} (visits that reached each; drop-off = share of them who did not reach the next):`);
    for (const step of v.steps.filter((s) => s.onPath)) lines.push(`  ${step.stepId.padEnd(24)} ${count(step.reached).padStart(9)}${step.dropOff === undefined ? "" : `  ${percent(step.dropOff).padStart(6)} drop-off`}`);
    const off = v.steps.filter((s) => !s.onPath);
    if (off.length > 0) lines.push("  off the usual path:", ...off.map((s) => `    ${s.stepId.padEnd(22)} ${count(s.reached).padStart(9)}`));
  }

  lines.push("", "Verdicts:", ...(others.length > 0 ? others.map((v) => `  v${v.version}: ${v.verdict!.text}`) : ["  none: there is no other version to compare with the control"]));
  lines.push("", ...FOOTNOTE.split("\n"));
  return `${lines.join("\n")}\n`;
}

/** "v1 (control)", "v2". */
export function versionName(v: VersionReport): string {
  return `v${v.version}${v.isControl ? " (control)" : ""}`;
}

/** Columns padded to their widest cell: the first left-aligned, the rest right-aligned but the last. */
function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [head, ...rows].map((cells) => `  ${line(cells)}`).join("\n");
}
