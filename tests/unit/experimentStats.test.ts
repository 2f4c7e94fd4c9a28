/**
 * server/experiments/stats.ts against figures SciPy computed on its own (tests/fixtures/stats/makeReference.py wrote
 * tests/fixtures/stats/reference.json): every interval, p-value, adjustment, sample-ratio check and plan.
 */
import { describe, expect, it } from "vitest";
import reference from "../fixtures/stats/reference.json";
import { meanAnytimeP, meanConfidenceSequence, meanDifferenceInterval, meanInterval, meanZTest, sampleMean, sampleVariance } from "../../server/experiments/meanStats";
import {
  anytimeP,
  confidenceSequence,
  differenceInterval,
  holmAdjust,
  pooledZTest,
  sampleRatioCheck,
  visitorsPerVersion,
  wilsonInterval,
  type Group,
} from "../../server/experiments/stats";

/** Equal to ~1e-9 relative (or 1e-12 absolute, for figures at or near 0). */
function near(actual: number | undefined, expected: number, what: string): void {
  expect(actual, what).toBeTypeOf("number");
  expect(Math.abs(actual! - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(Math.max(1e-12, 1e-9 * Math.abs(expected)));
}

function nearAll(actual: readonly number[] | undefined, expected: readonly number[] | null, what: string): void {
  if (expected === null) return expect(actual, what).toBeUndefined();
  expect(actual, what).toHaveLength(expected.length);
  expected.forEach((e, i) => near(actual![i], e, `${what}[${i}]`));
}

const group = ([successes, trials]: number[]): Group => ({ successes: successes!, trials: trials! });
const label = (c: { version: number[]; control: number[] }) => `${c.version[0]}/${c.version[1]} against ${c.control[0]}/${c.control[1]}`;

describe("the experiment statistics, against SciPy", () => {
  it.each(reference.wilson.map((c) => [`${c.x} of ${c.n}`, c] as const))("gives the Wilson 95%% interval of %s", (_, c) => {
    nearAll(wilsonInterval(c.x, c.n), c.interval, "interval");
  });

  it.each(reference.difference.map((c) => [label(c), c] as const))("gives the difference and its unpooled 95%% interval for %s", (_, c) => {
    const result = differenceInterval(group(c.version), group(c.control));
    if (c.result === null) return expect(result).toBeUndefined();
    near(result?.difference, c.result.difference, "difference");
    nearAll(result?.interval, c.result.interval, "interval");
  });

  it.each(reference.pooled.map((c) => [label(c), c] as const))("gives the pooled z-test's two-sided p for %s", (_, c) => {
    const result = pooledZTest(group(c.version), group(c.control));
    if (c.result === null) return expect(result).toBeUndefined();
    near(result?.z, c.result.z, "z");
    near(result?.p, c.result.p, "p");
  });

  it.each(reference.holm.map((c) => [JSON.stringify(c.p), c] as const))("adjusts %s by Holm's step-down method", (_, c) => {
    nearAll(holmAdjust(c.p), c.adjusted, "adjusted");
  });

  it.each(reference.sequential.map((c) => [`${label(c)}, N* = ${c.tuning}`, c] as const))("gives the anytime-valid 95%% confidence sequence for %s", (_, c) => {
    nearAll(confidenceSequence(group(c.version), group(c.control), c.tuning), c.interval, "interval");
  });

  it.each(reference.srm.map((c) => [`${JSON.stringify(c.exposures)} under ${JSON.stringify(c.weights)}`, c] as const))("checks the sample ratio of %s", (_, c) => {
    const result = sampleRatioCheck(c.exposures as Record<string, number>, c.weights as Record<string, number>);
    if (c.result === null) return expect(result).toBeUndefined();
    near(result?.chi2, c.result.chi2, "chi2");
    near(result?.p, c.result.p, "p");
    expect(result).toMatchObject({ df: c.result.df, mismatch: c.result.mismatch });
  });

  it.each(reference.planning.map((c) => [c.baseline, c.mde, c.perVersion]))("plans for a change from %d by %d: %i visitors per version", (baseline, mde, perVersion) => {
    expect(visitorsPerVersion(baseline, mde)).toBe(perVersion);
  });
});

describe("the experiment statistics at their edges", () => {
  it("has no interval, difference, test or sequence before a group has trials", () => {
    expect(wilsonInterval(0, 0)).toBeUndefined();
    expect(differenceInterval({ successes: 0, trials: 0 }, { successes: 5, trials: 10 })).toBeUndefined();
    expect(pooledZTest({ successes: 5, trials: 10 }, { successes: 0, trials: 0 })).toBeUndefined();
    expect(confidenceSequence({ successes: 0, trials: 0 }, { successes: 0, trials: 0 })).toBeUndefined();
  });

  it.each([
    ["no conversions at all", 0, 0],
    ["every visit converted", 50, 50],
  ])("finds no difference and no variance when %s, without NaN", (_, xv, xc) => {
    const v = { successes: xv, trials: 50 };
    const c = { successes: xc, trials: 50 };
    expect(pooledZTest(v, c)).toEqual({ z: 0, p: 1 });
    expect(differenceInterval(v, c)).toEqual({ difference: 0, interval: [0, 0] });
    expect(confidenceSequence(v, c)).toEqual([0, 0]);
  });

  it("gives Holm's adjustment that never falls as p rises and never passes 1", () => {
    const adjusted = holmAdjust([0.3, 0.01, 0.02, 0.9, 0.015]);
    const byP = [1, 4, 2, 0, 3].map((i) => adjusted[i]!);
    expect([...byP].sort((a, b) => a - b)).toEqual(byP);
    expect(Math.max(...adjusted)).toBeLessThanOrEqual(1);
    expect(holmAdjust([])).toEqual([]);
  });

  it("makes the confidence sequence wider than the fixed interval, and tightest near its tuning", () => {
    const v = { successes: 540, trials: 4000 };
    const c = { successes: 480, trials: 4000 };
    const fixed = differenceInterval(v, c)!.interval;
    const width = (tuning: number) => {
      const [low, high] = confidenceSequence(v, c, tuning)!;
      return high - low;
    };
    expect(width(8000)).toBeGreaterThan(fixed[1] - fixed[0]);
    expect(width(8000)).toBeLessThan(width(800));
    expect(width(8000)).toBeLessThan(width(800_000));
  });

  it("ignores versions drawn by no one, and needs two drawn versions with exposures", () => {
    expect(sampleRatioCheck({ "1": 500, "2": 500, "3": 9000 }, { "1": 50, "2": 50, "3": 0 })).toMatchObject({ chi2: 0, df: 1, p: 1, mismatch: false });
    expect(sampleRatioCheck({ "1": 500 }, { "1": 100 })).toBeUndefined();
    expect(sampleRatioCheck({}, { "1": 50, "2": 50 })).toBeUndefined();
  });

  it.each([
    [[5, 3], "more successes than trials"],
    [[-1, 3], "whole numbers ≥ 0"],
    [[1.5, 3], "whole numbers ≥ 0"],
  ])("refuses counts that cannot be: %j", ([x, n], message) => {
    expect(() => wilsonInterval(x!, n!)).toThrow(message);
  });

  it.each([
    [0, 0.02, "baseline"],
    [1.2, 0.02, "baseline"],
    [0.12, 0, "smallest difference"],
    [0.12, 0.9, "smallest difference"],
  ])("cannot plan from a baseline of %d and a difference of %d", (baseline, mde, message) => {
    expect(() => visitorsPerVersion(baseline, mde)).toThrow(message);
  });
});

describe("the statistics of value per visit at their edges", () => {
  const twoVisits = { n: 2, sum: 22, sumSquares: 484 };
  it("has a mean from one visit but no spread, interval or comparison below two", () => {
    const one = { n: 1, sum: 22, sumSquares: 484 };
    expect(sampleMean(one)).toBe(22);
    expect(sampleVariance(one)).toBeUndefined();
    expect(meanInterval(one)).toBeUndefined();
    expect(meanDifferenceInterval(one, twoVisits)).toBeUndefined();
    expect(meanZTest(twoVisits, one)).toBeUndefined();
    expect(meanConfidenceSequence(one, one)).toBeUndefined();
    expect(meanAnytimeP(one, twoVisits)).toBeUndefined();
    expect(sampleMean({ n: 0, sum: 0, sumSquares: 0 })).toBeUndefined();
  });

  it("gives p = 1 and a point for every interval when no visit differs from another in either version, without NaN", () => {
    const allZero = { n: 50, sum: 0, sumSquares: 0 };
    const allTwentyTwo = { n: 50, sum: 1100, sumSquares: 50 * 484 };
    expect(meanZTest(allTwentyTwo, allZero)).toEqual({ z: 0, p: 1 });
    expect(meanDifferenceInterval(allTwentyTwo, allZero)).toEqual({ difference: 22, interval: [22, 22] });
    expect(meanConfidenceSequence(allTwentyTwo, allZero)).toEqual([22, 22]);
    expect(meanAnytimeP(allTwentyTwo, allZero)).toBe(1);
  });

  it("reads a spread that rounding puts a hair below 0 as 0", () => {
    expect(sampleVariance({ n: 3, sum: 0.3, sumSquares: 0.03 - 1e-18 })).toBe(0);
  });

  it("gives an anytime p of 0, not NaN, for a difference far beyond any chance", () => {
    expect(anytimeP(1, 1e-6, 10_000)).toBe(0);
    expect(anytimeP(0, 0.01, 10_000)).toBe(1);
  });

  it("refuses sums that cannot be", () => {
    expect(() => sampleMean({ n: 1.5, sum: 1, sumSquares: 1 })).toThrow("whole number");
    expect(() => sampleMean({ n: 2, sum: Number.NaN, sumSquares: 1 })).toThrow("finite");
  });
});
