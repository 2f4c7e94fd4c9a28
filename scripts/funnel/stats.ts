/** The statistics behind the funnel report: a proportion's 95% interval and a two-proportion test. */

/** z for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval for x successes in n trials (sound for small n and rates near 0 or 1). */
export function wilsonInterval(x: number, n: number, z = Z_95): Interval {
  if (n === 0) return { low: 0, high: 0 };
  const p = x / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface ProportionTest {
  /** Difference of rates, a − b. */
  difference: number;
  z: number;
  /** Two-sided p-value. */
  p: number;
}

/** Two-proportion z-test with the pooled standard error: is rate a (xa/na) different from rate b (xb/nb)? */
export function twoProportionTest(xa: number, na: number, xb: number, nb: number): ProportionTest | undefined {
  if (na === 0 || nb === 0) return undefined;
  const pooled = (xa + xb) / (na + nb);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb));
  const difference = xa / na - xb / nb;
  if (se === 0) return { difference, z: 0, p: 1 };
  const z = difference / se;
  return { difference, z, p: 2 * (1 - normalCdf(Math.abs(z))) };
}

/** The standard normal distribution function, Φ(x), via erf (Abramowitz and Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(x: number): number {
  return 0.5 * (1 + erf(x / Math.SQRT2));
}

function erf(x: number): number {
  const sign = Math.sign(x);
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-x * x));
}
