/**
 * Why the report's verdicts may be read every day: 1,000 simulated A/A experiments (both versions convert at 12%),
 * looked at every 200 visitors per version up to 10,000. The confidence sequence must wrongly exclude 0 at some look
 * in at most 5% of them; the fixed 95% interval, read at every look, does so far more often (printed beside it).
 */
import { describe, expect, it } from "vitest";
import { confidenceSequence, differenceInterval, type Group } from "../../server/experiments/stats";

/** mulberry32: a small, seeded pseudo-random generator, so every run draws the same experiments. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EXPERIMENTS = 1_000;
const RATE = 0.12;
const LOOK_EVERY = 200;
const PER_VERSION = 10_000;
/** As the report tunes it for a plan of 10,000 per version. */
const TUNING = 2 * PER_VERSION;

const excludesZero = ([low, high]: [number, number]) => low > 0 || high < 0;

describe("the confidence sequence under repeated looks", () => {
  it("excludes 0 at some look in at most 5% of 1,000 A/A experiments, where the fixed interval does far more often", () => {
    const random = mulberry32(20260301);
    const conversions = (visitors: number) => {
      let n = 0;
      for (let i = 0; i < visitors; i++) if (random() < RATE) n++;
      return n;
    };
    let sequenceWrong = 0;
    let fixedWrong = 0;
    for (let e = 0; e < EXPERIMENTS; e++) {
      const a: Group = { successes: 0, trials: 0 };
      const b: Group = { successes: 0, trials: 0 };
      let sequenceExcluded = false;
      let fixedExcluded = false;
      for (let seen = LOOK_EVERY; seen <= PER_VERSION; seen += LOOK_EVERY) {
        a.successes += conversions(LOOK_EVERY);
        b.successes += conversions(LOOK_EVERY);
        a.trials = b.trials = seen;
        sequenceExcluded ||= excludesZero(confidenceSequence(a, b, TUNING)!);
        fixedExcluded ||= excludesZero(differenceInterval(a, b)!.interval);
      }
      if (sequenceExcluded) sequenceWrong++;
      if (fixedExcluded) fixedWrong++;
    }
    const sequenceRate = sequenceWrong / EXPERIMENTS;
    const fixedRate = fixedWrong / EXPERIMENTS;
    console.log(
      `A/A at 12%, a look every ${LOOK_EVERY} per version up to ${PER_VERSION}: the confidence sequence excluded 0 in ${(sequenceRate * 100).toFixed(1)}% of ${EXPERIMENTS} experiments; the fixed 95% interval in ${(fixedRate * 100).toFixed(1)}%`,
    );
    expect(sequenceRate).toBeLessThanOrEqual(0.05);
    expect(fixedRate).toBeGreaterThan(sequenceRate);
  });
});
