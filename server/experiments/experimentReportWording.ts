/**
 * The wording every form of the experiment report shares (the verdicts, the terminal's text, the HTML): numbers, rates, differences
 * in points, p-values, the period, the weights, the sample-ratio check and what the figures mean.
 */
import type { SplitHeldBack } from "../../engine/core/trafficSplit";
import type { ExperimentPeriod } from "./experimentCounts";
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

/** The sample-ratio check in one sentence; a held-back split.json is named, since its weights are not the ones in force. */
export function srmSentence(srm: SampleRatioCheck | undefined, heldBack?: SplitHeldBack): string {
  const held =
    heldBack === "lastGood"
      ? "; split.json has an error, so the last good split.json's weights are in force until it is fixed"
      : heldBack === "defaultOnly"
        ? "; split.json has an error, so every visitor gets the default version until it is fixed"
        : "";
  if (!srm) return `not checked yet (needs two versions drawn and some exposures)${held}`;
  const figures = `chi-square ${srm.chi2.toFixed(2)}, ${srm.df} df, p ${srm.p < 0.001 ? "< 0.001" : `= ${srm.p.toFixed(3)}`}`;
  if (srm.mismatch) return `MISMATCH: the exposures do not follow the weights (${figures})${held}`;
  return heldBack ? `as the weights in force say (${figures})${held}` : `as the weights say (${figures})`;
}

/** The visits left out of the figures, in one sentence; none when every visit served was counted. */
export function leftOutSentence(leftOut: number): string | undefined {
  if (leftOut <= 0) return undefined;
  return `Left out: ${count(leftOut)} ${leftOut === 1 ? "visit was" : "visits were"} served the default version but not counted, because ${leftOut === 1 ? "its" : "their"} internet address had started more new visits than its limit (often a bot or a shared office).`;
}

/** What the figures mean, in plain words, under every form of the report. */
export const FOOTNOTE = [
  "Exposures are distinct visits served a version; leads are those of them that sent a lead. Conversion = leads / exposures, with the range of true rates that fit what was seen (Wilson's 95% interval).",
  "Differences are in percentage points against the control. The fixed 95% interval and p (pooled z-test) hold only for one look at the planned size; p (Holm) allows for comparing several versions at once.",
  "The anytime 95% interval (a confidence sequence) holds however often you look, so you may check every day: a version is called better or worse only when it excludes 0 and p (Holm) is below 0.05.",
].join("\n");
