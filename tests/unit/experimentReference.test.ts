/**
 * The experiment report's figures against reference values computed independently (tests/fixtures/experimentReference.py
 * wrote tests/fixtures/experimentReference.json with SciPy and NumPy): every figure of leads, accepted leads and value
 * per visit, the guardrails, the decisions, the segments and the days, to 1e-6 relative, in scenarios with three and
 * four versions, a version with no lead, a version whose every visit is pending and a broken split; and the
 * settled-cohort rule (tests/fixtures/experimentSettling.py, visit by visit) with a version whose buyers answer slowly.
 */
import { describe, expect, it } from "vitest";
import reference from "../fixtures/experimentReference.json";
import settling from "../fixtures/experimentSettling.json";
import { analyseExperiment } from "../../server/experiments/experimentReport";
import { experimentReportJson } from "../../server/experiments/experimentReportJson";
import { readCountsFile } from "../../scripts/reportFunnel";

/** Every figure the reference has is in the report with the same value (numbers to 1e-6 relative, or 1e-12 near 0). */
function expectReference(actual: unknown, expected: unknown, where: string): void {
  if (typeof expected === "number") {
    expect(actual, where).toBeTypeOf("number");
    expect(Math.abs((actual as number) - expected), `${where}: ${String(actual)} vs ${expected}`).toBeLessThanOrEqual(Math.max(1e-12, 1e-6 * Math.abs(expected)));
  } else if (expected !== null && typeof expected === "object") {
    expect(actual, where).toBeTypeOf("object");
    expect(actual, where).not.toBeNull();
    if (Array.isArray(expected)) expect(actual, where).toHaveLength(expected.length);
    for (const [key, value] of Object.entries(expected)) expectReference((actual as Record<string, unknown>)[key], value, `${where}.${key}`);
  } else {
    expect(actual, where).toEqual(expected);
  }
}

describe("the experiment report against independent reference values", () => {
  it.each([...reference.scenarios, ...settling.scenarios].map((s) => [s.name, s] as const))("gives every figure of %s", (name, scenario) => {
    const report = analyseExperiment(readCountsFile(JSON.stringify(scenario.counts), `${name}.json`));
    expectReference(experimentReportJson(report), scenario.report, name);
  });

  it("covers a version with no lead, one with every visit pending, four versions, every decision and every guardrail result", () => {
    type Row = { version: number; exposures: number; leads: number; pending: number; decision?: string; guardrails?: Record<string, { result: string }>; metrics: { value: { mean: number | null } } };
    const versions = reference.scenarios.flatMap((s) => s.report.versions as Row[]);
    expect(versions.some((v) => v.leads === 0 && v.version !== 1)).toBe(true);
    expect(versions.some((v) => v.pending === v.exposures && v.metrics.value.mean === null)).toBe(true);
    expect(reference.scenarios.some((s) => s.report.versions.length === 4)).toBe(true);
    expect(new Set(versions.map((v) => v.decision).filter(Boolean))).toEqual(new Set(["ship", "rollBack", "keepRunning", "splitBroken"]));
    expect(new Set(versions.flatMap((v) => Object.values(v.guardrails ?? {}).map((g) => g.result)))).toEqual(new Set(["passes", "fails", "undecided"]));
  });

  it("does not judge a version with slow buyers worse while its deliveries are in flight", () => {
    const [settled, old] = settling.scenarios.map((s) => analyseExperiment(readCountsFile(JSON.stringify(s.counts), `${s.name}.json`)));
    const value = (report: typeof settled) => report!.versions.map((v) => v.metrics.value.mean!);
    // Counting only the visits whose deliveries have ended, v2 looks worth a quarter less per visit than v1 ...
    expect(value(old)[1]! / value(old)[0]!).toBeLessThan(0.75);
    // ... while on the settled cohort the two are within 5% (one old lead of v2 still waits for its buyer to open).
    expect(value(settled)[1]! / value(settled)[0]!).toBeGreaterThan(0.95);
    expect(settled!.versions[1]!.decision?.code).toBe("keepRunning");
    expect(settled!.versions[1]!.metrics.value.comparison!.sequentialCI95[0]).toBeLessThan(0);
    // Pending now counts every visit of the last hours, with or without a lead: more than the leads.
    expect(settled!.versions[0]!.pending).toBeGreaterThan(settled!.versions[0]!.leads);
  });
});
