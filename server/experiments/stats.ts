/**
 * The statistics behind the experiment report: a proportion's interval, the difference of two proportions with its
 * fixed and its anytime-valid interval and p, the pooled z-test, Holm's adjustment, the sample-ratio check and the sample
 * size for a planned test. Distributions come from stdlib; nothing here returns NaN or Infinity: where a figure
 * cannot be had (no trials yet), the function returns undefined.
 */
import chisquareCdf from "@stdlib/stats-base-dists-chisquare-cdf";
import normalCdf from "@stdlib/stats-base-dists-normal-cdf";
import normalQuantile from "@stdlib/stats-base-dists-normal-quantile";

/** A 95% (or other) interval as [low, high]. */
export type Interval = [low: number, high: number];

/** The error rate of every test and interval here: two-sided 5%. */
export const ALPHA = 0.05;

/** N* when nothing is planned: the two groups' combined size the confidence sequence is tightest at. */
export const DEFAULT_SEQUENTIAL_TUNING = 10_000;

/** Below this p the traffic split is taken as broken (a strict bar: a sample-ratio mismatch is rarely chance). */
export const SRM_THRESHOLD = 0.001;

/** z such that P(Z ≤ z) = q for a standard normal Z. */
export function zQuantile(q: number): number {
  return normalQuantile(q, 0, 1);
}

/** Refuses counts that cannot be: negative, fractional, or more successes than trials. */
export function checkCounts(x: number, n: number): void {
  if (!Number.isInteger(x) || !Number.isInteger(n) || x < 0 || n < 0) throw new RangeError(`counts must be whole numbers ≥ 0, not ${x} of ${n}`);
  if (x > n) throw new RangeError(`${x} successes out of ${n} trials: more successes than trials`);
}

/** Wilson score interval for x successes in n trials; undefined before any trial. */
export function wilsonInterval(x: number, n: number, alpha = ALPHA): Interval | undefined {
  checkCounts(x, n);
  if (n === 0) return undefined;
  const z = zQuantile(1 - alpha / 2);
  const p = x / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** One group's conversions and trials. */
export interface Group {
  successes: number;
  trials: number;
}

/** The unpooled variance of p̂v − p̂c: p̂v(1−p̂v)/nv + p̂c(1−p̂c)/nc (both groups must have trials). */
function unpooledVariance(v: Group, c: Group): number {
  const pv = v.successes / v.trials;
  const pc = c.successes / c.trials;
  return (pv * (1 - pv)) / v.trials + (pc * (1 - pc)) / c.trials;
}

function bothHaveTrials(v: Group, c: Group): boolean {
  checkCounts(v.successes, v.trials);
  checkCounts(c.successes, c.trials);
  return v.trials > 0 && c.trials > 0;
}

/** d = p̂v − p̂c with its Wald interval on the unpooled standard error; undefined unless both groups have trials. */
export function differenceInterval(v: Group, c: Group, alpha = ALPHA): { difference: number; interval: Interval } | undefined {
  if (!bothHaveTrials(v, c)) return undefined;
  const difference = v.successes / v.trials - c.successes / c.trials;
  const half = zQuantile(1 - alpha / 2) * Math.sqrt(unpooledVariance(v, c));
  return { difference, interval: [difference - half, difference + half] };
}

/**
 * The two-proportion z-test with the pooled standard error, two-sided. With no variance at all (both groups at 0%,
 * or both at 100%) there is no evidence of a difference: z = 0, p = 1. Undefined unless both groups have trials.
 */
export function pooledZTest(v: Group, c: Group): { z: number; p: number } | undefined {
  if (!bothHaveTrials(v, c)) return undefined;
  const pooled = (v.successes + c.successes) / (v.trials + c.trials);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / v.trials + 1 / c.trials));
  if (se === 0) return { z: 0, p: 1 };
  const z = (v.successes / v.trials - c.successes / c.trials) / se;
  // From the lower tail, so small p-values keep their precision.
  return { z, p: 2 * normalCdf(-Math.abs(z), 0, 1) };
}

/** Holm's step-down adjustment: the i-th smallest of m p-values times (m − i + 1), kept monotone, capped at 1; in the input's order. */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/** ρ² of the normal mixture, chosen so the confidence sequence is tightest when the two groups together number `tuning` (N*). */
export function mixtureRho2(tuning = DEFAULT_SEQUENTIAL_TUNING, alpha = ALPHA): number {
  if (!(tuning > 0) || !Number.isFinite(tuning)) throw new RangeError(`the confidence sequence's tuning N* must be a positive number, not ${tuning}`);
  const l = -2 * Math.log(alpha);
  return (l + Math.log(l + 1)) / tuning;
}

/**
 * The half-width of the asymptotic anytime-valid confidence sequence (Waudby-Smith et al., normal mixture) of a
 * difference with standard error `se` when the two groups together number `n`:
 * se · √(2(Nρ²+1)/(Nρ²) · ln(√(Nρ²+1)/α)).
 */
export function sequenceRadius(se: number, n: number, tuning = DEFAULT_SEQUENTIAL_TUNING, alpha = ALPHA): number {
  const nRho2 = n * mixtureRho2(tuning, alpha);
  return se * Math.sqrt(((2 * (nRho2 + 1)) / nRho2) * Math.log(Math.sqrt(nRho2 + 1) / alpha));
}

/**
 * The anytime-valid p beside the confidence sequence: with z = d/se and N the two groups' size, the mixture's
 * e-value E = exp(Nρ²z² / (2(Nρ²+1))) / √(Nρ²+1) and p = min(1, 1/E). It may be read at every look, as the sequence
 * may. With no spread at all (se = 0) there is no evidence of a difference: p = 1, as the pooled z-test gives.
 */
export function anytimeP(difference: number, se: number, n: number, tuning = DEFAULT_SEQUENTIAL_TUNING, alpha = ALPHA): number {
  if (se === 0) return 1;
  const nRho2 = n * mixtureRho2(tuning, alpha);
  const z = difference / se;
  // In logs, so a large z gives p = 0 rather than 1/Infinity's detour through an overflow.
  const logE = (nRho2 * z * z) / (2 * (nRho2 + 1)) - Math.log(nRho2 + 1) / 2;
  return Math.exp(-Math.max(0, logE));
}

/** The unpooled standard error of p̂v − p̂c; undefined unless both groups have trials. */
export function unpooledStandardError(v: Group, c: Group): number | undefined {
  return bothHaveTrials(v, c) ? Math.sqrt(unpooledVariance(v, c)) : undefined;
}

/**
 * The asymptotic anytime-valid confidence sequence for d = p̂v − p̂c: d ± sequenceRadius(√V, nv + nc), V the
 * unpooled variance. It holds at every look at once, so it may be read as often as wanted. Undefined unless both
 * groups have trials.
 */
export function confidenceSequence(v: Group, c: Group, tuning = DEFAULT_SEQUENTIAL_TUNING, alpha = ALPHA): Interval | undefined {
  if (!bothHaveTrials(v, c)) return undefined;
  const difference = v.successes / v.trials - c.successes / c.trials;
  const radius = sequenceRadius(Math.sqrt(unpooledVariance(v, c)), v.trials + c.trials, tuning, alpha);
  return [difference - radius, difference + radius];
}

/** The sample-ratio check's result. */
export interface SampleRatioCheck {
  chi2: number;
  /** Degrees of freedom: the versions checked less one. */
  df: number;
  p: number;
  /** p below 0.001: the traffic did not split as the weights say. */
  mismatch: boolean;
}

/**
 * Chi-square goodness of fit of the versions' exposures against their weights (expected = total × weight / Σ weights,
 * over the versions with weight > 0; the others are ignored). Undefined with fewer than two such versions or no
 * exposures among them.
 */
export function sampleRatioCheck(exposures: Readonly<Record<string, number>>, weights: Readonly<Record<string, number>>): SampleRatioCheck | undefined {
  const drawn = Object.entries(weights).filter(([, w]) => w > 0);
  const totalWeight = drawn.reduce((sum, [, w]) => sum + w, 0);
  const total = drawn.reduce((sum, [version]) => sum + (exposures[version] ?? 0), 0);
  if (drawn.length < 2 || total === 0) return undefined;
  const chi2 = drawn.reduce((sum, [version, w]) => {
    const expected = (total * w) / totalWeight;
    return sum + ((exposures[version] ?? 0) - expected) ** 2 / expected;
  }, 0);
  const df = drawn.length - 1;
  // The upper tail as 1 − F: below about 1e-16 it reads 0, far past the 0.001 that matters here.
  const p = Math.max(0, 1 - chisquareCdf(chi2, df));
  return { chi2, df, p, mismatch: p < SRM_THRESHOLD };
}

/**
 * Visitors per version for a two-sided test at 5% with 80% power to detect a change from `baseline` to
 * `baseline + mde`: (z₀.₉₇₅·√(2p̄(1−p̄)) + z₀.₈·√(p₁(1−p₁)+p₂(1−p₂)))² / (p₂−p₁)², rounded up.
 */
export function visitorsPerVersion(baseline: number, mde: number, alpha = ALPHA, power = 0.8): number {
  const p1 = baseline;
  const p2 = baseline + mde;
  if (!(p1 > 0 && p1 < 1)) throw new RangeError(`the baseline must be a rate between 0 and 1 (0.12 for 12%), not ${baseline}`);
  if (!(mde !== 0 && p2 > 0 && p2 < 1)) throw new RangeError(`the smallest difference worth finding must be non-zero and keep the rate between 0 and 1, not ${mde}`);
  const mean = (p1 + p2) / 2;
  const n = (zQuantile(1 - alpha / 2) * Math.sqrt(2 * mean * (1 - mean)) + zQuantile(power) * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ** 2 / (p2 - p1) ** 2;
  // A hair's tolerance, so a whole answer computed as 1234.0000000001 is not rounded up to 1235.
  return Math.ceil(n - 1e-9);
}
