/**
 * The report's three metrics, each per visit: `leads` (visits that sent a lead, of the exposures), `acceptedLeads`
 * (visits whose lead a buyer accepted, of the settled visits: exposures less pending) and `value` (pounds paid per
 * settled visit). Each version's figure with its 95% interval, and against the control the difference with its fixed
 * interval, p, Holm's p, the confidence sequence and the anytime p; the same whatever the metric is a proportion or a
 * mean, so the decision, the segments and the days ask here alone.
 */
import type { ExperimentMetric, VersionCounts } from "./experimentCounts";
import { meanAnytimeP, meanConfidenceSequence, meanDifferenceInterval, meanInterval, meanZTest, sampleMean, type MeanSample } from "./meanStats";
import { anytimeP, confidenceSequence, differenceInterval, holmAdjust, pooledZTest, unpooledStandardError, wilsonInterval, type Group, type Interval } from "./stats";

/** Every metric, in the order the report shows them. */
export const METRICS: readonly ExperimentMetric[] = ["leads", "acceptedLeads", "value"];

/** One version's data for one metric: successes of trials for a proportion, sums over n visits for a mean. */
export type MetricSample = ({ kind: "proportion" } & Group) | ({ kind: "mean" } & MeanSample);

/** One version's figure on one metric. */
export interface MetricFigures {
  /** Visits the figure is over: the exposures for leads, the settled visits (exposures less pending) for the others. */
  visits: number;
  /** The rate or the pounds per visit; null before any visit. */
  mean: number | null;
  /** Wilson's interval for a rate, mean ± 1.96·s/√n for pounds; null when it cannot be had (no visit, or one for a mean). */
  ci95: Interval | null;
}

/** A version against the control on one metric: this version's figure less the control's. */
export interface MetricComparison {
  difference: number;
  differenceCI95: Interval;
  /** The statistic behind p: the pooled z for a rate, d/SE for a mean. */
  z: number;
  p: number;
  /** p after Holm's adjustment across the comparisons of the same family (the period's versions, or the segments'). */
  pHolm: number;
  sequentialCI95: Interval;
  /** The anytime-valid p beside the confidence sequence. */
  pAnytime: number;
}

/**
 * A version's sample on a metric. Accepted leads and value leave pending visits out, numerator and denominator; a
 * count without them (an older counts file) reads as none settled, so those figures are null rather than wrong.
 */
export function metricSample(metric: ExperimentMetric, counts: VersionCounts | undefined): MetricSample {
  const exposures = counts?.exposures ?? 0;
  const settled = exposures - (counts?.pending ?? 0);
  if (metric === "leads") return { kind: "proportion", successes: counts?.leads ?? 0, trials: exposures };
  if (metric === "acceptedLeads") return counts?.accepted === undefined ? { kind: "proportion", successes: 0, trials: 0 } : { kind: "proportion", successes: counts.accepted, trials: settled };
  return counts?.value === undefined ? { kind: "mean", n: 0, sum: 0, sumSquares: 0 } : { kind: "mean", n: settled, ...counts.value };
}

/** The visits a sample is over. */
export function visitsOf(sample: MetricSample): number {
  return sample.kind === "proportion" ? sample.trials : sample.n;
}

/** The sum of several versions' (or days') counts, each field summed; absent fields stay absent only when absent in all. */
export function addCounts(a: VersionCounts | undefined, b: VersionCounts | undefined): VersionCounts {
  const sum = (x: number | undefined, y: number | undefined) => (x === undefined && y === undefined ? undefined : (x ?? 0) + (y ?? 0));
  const accepted = sum(a?.accepted, b?.accepted);
  const pending = sum(a?.pending, b?.pending);
  const value = a?.value || b?.value ? { sum: (a?.value?.sum ?? 0) + (b?.value?.sum ?? 0), sumSquares: (a?.value?.sumSquares ?? 0) + (b?.value?.sumSquares ?? 0) } : undefined;
  return {
    exposures: (a?.exposures ?? 0) + (b?.exposures ?? 0),
    leads: (a?.leads ?? 0) + (b?.leads ?? 0),
    ...(accepted === undefined ? {} : { accepted }),
    ...(pending === undefined ? {} : { pending }),
    ...(value ? { value } : {}),
  };
}

/** A version's figure and its interval. */
export function metricFigures(sample: MetricSample): MetricFigures {
  if (sample.kind === "proportion") {
    return { visits: sample.trials, mean: sample.trials > 0 ? sample.successes / sample.trials : null, ci95: wilsonInterval(sample.successes, sample.trials) ?? null };
  }
  return { visits: sample.n, mean: sampleMean(sample) ?? null, ci95: meanInterval(sample) ?? null };
}

/**
 * One comparison before Holm's adjustment: undefined unless both groups have visits (two each for a mean). For a rate
 * the fixed interval and the sequence use the unpooled standard error and p the pooled z-test, as the leads always
 * have; for a mean all use √(s_v²/n_v + s_c²/n_c).
 */
export function compareSamples(v: MetricSample, c: MetricSample, tuning: number): Omit<MetricComparison, "pHolm"> | undefined {
  if (v.kind === "proportion" && c.kind === "proportion") {
    const fixed = differenceInterval(v, c);
    const test = pooledZTest(v, c);
    const sequence = confidenceSequence(v, c, tuning);
    if (!fixed || !test || !sequence) return undefined;
    const pAny = anytimeP(fixed.difference, unpooledStandardError(v, c)!, v.trials + c.trials, tuning);
    return { difference: fixed.difference, differenceCI95: fixed.interval, z: test.z, p: test.p, sequentialCI95: sequence, pAnytime: pAny };
  }
  if (v.kind === "mean" && c.kind === "mean") {
    const fixed = meanDifferenceInterval(v, c);
    if (!fixed) return undefined;
    const test = meanZTest(v, c)!;
    return { difference: fixed.difference, differenceCI95: fixed.interval, z: test.z, p: test.p, sequentialCI95: meanConfidenceSequence(v, c, tuning)!, pAnytime: meanAnytimeP(v, c, tuning)! };
  }
  throw new TypeError("a rate cannot be compared with a mean");
}

/**
 * Every comparison of one family, Holm-adjusted together: key → comparison, for the pairs that could be compared
 * (the others are left out of the map and of the adjustment).
 */
export function compareFamily<K>(pairs: ReadonlyArray<{ key: K; version: MetricSample; control: MetricSample }>, tuning: number): Map<K, MetricComparison> {
  const computed = pairs.flatMap(({ key, version, control }) => {
    const comparison = compareSamples(version, control, tuning);
    return comparison ? [{ key, comparison }] : [];
  });
  const adjusted = holmAdjust(computed.map(({ comparison }) => comparison.p));
  return new Map(computed.map(({ key, comparison }, i) => [key, { ...comparison, pHolm: adjusted[i]! }]));
}
