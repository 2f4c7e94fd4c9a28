/**
 * The statistics of a mean per visit (pounds paid per visit) from its sums: the sample mean and its 95% interval,
 * the difference of two means with its fixed interval, the two-sided z-test on it (unpooled standard error, as for a
 * large sample) and its anytime-valid confidence sequence and p. As in stats.ts, nothing returns NaN or Infinity:
 * where a figure cannot be had the function returns undefined. A mean needs one visit; its spread (and so every
 * interval and comparison) needs two in each group.
 */
import normalCdf from "@stdlib/stats-base-dists-normal-cdf";
import { ALPHA, anytimeP, DEFAULT_SEQUENTIAL_TUNING, sequenceRadius, zQuantile, type Interval } from "./stats";

/** n visits' values by their sum and the sum of their squares. */
export interface MeanSample {
  n: number;
  sum: number;
  sumSquares: number;
}

/** Refuses sums that cannot be: a count that is not a whole number ≥ 0, a sum that is not finite, a negative sum of squares. */
export function checkMeanSample({ n, sum, sumSquares }: MeanSample): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`the number of visits must be a whole number ≥ 0, not ${n}`);
  if (!Number.isFinite(sum) || !Number.isFinite(sumSquares) || sumSquares < 0) throw new RangeError(`the sums must be finite and the sum of squares ≥ 0, not ${sum} and ${sumSquares}`);
}

/** Σx / n; undefined before any visit. */
export function sampleMean(s: MeanSample): number | undefined {
  checkMeanSample(s);
  return s.n > 0 ? s.sum / s.n : undefined;
}

/**
 * s² = (Σx² − (Σx)²/n) / (n − 1); undefined below two visits. Rounding can make a spread of 0 come out a hair below
 * it: it is read as 0.
 */
export function sampleVariance(s: MeanSample): number | undefined {
  checkMeanSample(s);
  if (s.n < 2) return undefined;
  return Math.max(0, (s.sumSquares - (s.sum * s.sum) / s.n) / (s.n - 1));
}

/** mean ± z₀.₉₇₅ · s/√n; undefined below two visits. */
export function meanInterval(s: MeanSample, alpha = ALPHA): Interval | undefined {
  const variance = sampleVariance(s);
  if (variance === undefined) return undefined;
  const mean = s.sum / s.n;
  const half = zQuantile(1 - alpha / 2) * Math.sqrt(variance / s.n);
  return [mean - half, mean + half];
}

/** d = x̄v − x̄c and its standard error √(s_v²/n_v + s_c²/n_c); undefined unless both groups have two visits. */
export function meanDifference(v: MeanSample, c: MeanSample): { difference: number; se: number } | undefined {
  const vv = sampleVariance(v);
  const vc = sampleVariance(c);
  if (vv === undefined || vc === undefined) return undefined;
  return { difference: v.sum / v.n - c.sum / c.n, se: Math.sqrt(vv / v.n + vc / c.n) };
}

/** d ± z₀.₉₇₅ · SE; undefined unless both groups have two visits. */
export function meanDifferenceInterval(v: MeanSample, c: MeanSample, alpha = ALPHA): { difference: number; interval: Interval } | undefined {
  const d = meanDifference(v, c);
  if (!d) return undefined;
  const half = zQuantile(1 - alpha / 2) * d.se;
  return { difference: d.difference, interval: [d.difference - half, d.difference + half] };
}

/**
 * z = d/SE and p = 2(1 − Φ(|z|)), two-sided. With no spread in either group (SE = 0) there is nothing to judge a
 * difference against: z = 0, p = 1, as the pooled z-test gives. Undefined unless both groups have two visits.
 */
export function meanZTest(v: MeanSample, c: MeanSample): { z: number; p: number } | undefined {
  const d = meanDifference(v, c);
  if (!d) return undefined;
  if (d.se === 0) return { z: 0, p: 1 };
  const z = d.difference / d.se;
  return { z, p: 2 * normalCdf(-Math.abs(z), 0, 1) };
}

/** The anytime-valid confidence sequence of d, the proportions' formula with SE in place of the binomial one. */
export function meanConfidenceSequence(v: MeanSample, c: MeanSample, tuning = DEFAULT_SEQUENTIAL_TUNING, alpha = ALPHA): Interval | undefined {
  const d = meanDifference(v, c);
  if (!d) return undefined;
  const radius = sequenceRadius(d.se, v.n + c.n, tuning, alpha);
  return [d.difference - radius, d.difference + radius];
}

/** The anytime-valid p of d (stats.ts's anytimeP with N = n_v + n_c). */
export function meanAnytimeP(v: MeanSample, c: MeanSample, tuning = DEFAULT_SEQUENTIAL_TUNING, alpha = ALPHA): number | undefined {
  const d = meanDifference(v, c);
  return d ? anytimeP(d.difference, d.se, v.n + c.n, tuning, alpha) : undefined;
}
