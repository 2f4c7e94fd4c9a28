import { describe, expect, it } from "vitest";
import { normalCdf, twoProportionTest, wilsonInterval } from "../../scripts/funnel/stats";

describe("the funnel report's statistics", () => {
  it.each([
    // x, n, low, high: Wilson 95% intervals worked by hand (z = 1.959964).
    [30, 200, 0.1071359, 0.2060558],
    [45, 200, 0.1726237, 0.2877412],
    [0, 20, 0, 0.1611252],
    [20, 20, 0.8388748, 1],
    [1, 2, 0.0945312, 0.9054688],
  ])("gives the Wilson interval of %i in %i", (x, n, low, high) => {
    const interval = wilsonInterval(x, n);
    expect(interval.low).toBeCloseTo(low, 6);
    expect(interval.high).toBeCloseTo(high, 6);
  });

  it("gives no interval width before any trial", () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 0 });
  });

  it("tests two proportions with the pooled standard error, the difference taken first minus second", () => {
    // pooled p = 75/400 = 0.1875; SE = √(0.1875 × 0.8125 × 2/200) = 0.0390312; z = −0.075 / 0.0390312
    const test = twoProportionTest(30, 200, 45, 200)!;
    expect(test.difference).toBeCloseTo(-0.075, 12);
    expect(test.z).toBeCloseTo(-1.921538, 5);
    expect(test.p).toBeCloseTo(0.05466, 4);
  });

  it("finds no difference between equal rates, and cannot test without trials", () => {
    expect(twoProportionTest(10, 100, 20, 200)).toEqual({ difference: 0, z: 0, p: 1 });
    expect(twoProportionTest(0, 50, 0, 50)).toEqual({ difference: 0, z: 0, p: 1 });
    expect(twoProportionTest(3, 0, 5, 10)).toBeUndefined();
  });

  it.each([
    [0, 0.5],
    [1.959964, 0.975],
    [-1.644854, 0.05],
    [3, 0.9986501],
  ])("Φ(%d) = %d", (x, expected) => {
    expect(normalCdf(x)).toBeCloseTo(expected, 6);
  });
});
