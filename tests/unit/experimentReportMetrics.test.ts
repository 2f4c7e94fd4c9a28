/**
 * The experiment report's three metrics in words: what is decided on, pending visits, guardrails, decisions,
 * segments and the day-by-day chart, on the reference scenarios (tests/fixtures/experimentReference.json) and a few
 * counts of their own.
 */
import { describe, expect, it } from "vitest";
import reference from "../fixtures/experimentReference.json";
import type { ExperimentCounts, VersionCounts } from "../../server/experiments/experimentCounts";
import { analyseExperiment } from "../../server/experiments/experimentReport";
import { experimentReportHtml } from "../../server/experiments/experimentReportHtml";
import { formatExperimentReport } from "../../server/experiments/experimentReportText";
import { readCountsFile } from "../../scripts/reportFunnel";

const counts = (versions: Record<string, VersionCounts>, extra: Partial<ExperimentCounts> = {}): ExperimentCounts => ({
  flowId: "business-water",
  period: { id: "3f9a2c1b7d40", startedAt: "2026-03-01T09:12:44.000Z", weights: { "1": 50, "2": 50 }, control: 1 },
  versions,
  ...extra,
});

/** Every number anywhere in a value is finite. */
const everyNumberFinite = (value: unknown): boolean =>
  typeof value === "number" ? Number.isFinite(value) : value && typeof value === "object" ? Object.values(value).every(everyNumberFinite) : true;

describe("the report's metrics, guardrails, decisions, segments and days in words", () => {
  const scenario = (name: string) => {
    const s = reference.scenarios.find((x) => x.name === name)!;
    return analyseExperiment(readCountsFile(JSON.stringify(s.counts), `${name}.json`));
  };

  it("says what is decided on, how many visits are pending, each guardrail and each decision", () => {
    const text = formatExperimentReport(scenario("three-versions-on-value"));
    expect(text).toContain("Decided on: value per visit, within a guardrail on leads (at most 5% lost)\nPending: 95 visits pending: not settled yet (shown the flow within the settling window, or with a lead still being delivered).\n");
    expect(text).toMatch(/\n {2}v2 +leads +\+2\.27 .*\n {11}accepted leads .*\n {11}value per visit +\+£1\.46 +\+£1\.17 to \+£1\.75 /);
    expect(text).toContain("  v2: leads (at most 5% lost): passes\n");
    expect(text).toContain("Decisions:\n  v2: ship: better on value per visit and within every guardrail\n  v3: keep running: no difference shown yet on value per visit (2,600 visits, past the 2,500 planned)\n");
  });

  it("breaks the decision metric down by device and source, with the split checked in each segment", () => {
    const text = formatExperimentReport(scenario("three-versions-on-value"));
    expect(text).toContain("Segments, on value per visit (for looking, never a verdict; p (Holm) across every segment and version):\nBy device:\n");
    expect(text).toMatch(/\n {2}phone +v1 \(control\) +3,100 +£0\.96 +as weighted \(p = 0\.716\)\n/);
    expect(text).toContain("By source:\n");
  });

  it("rolls back a version that is worse, and keeps running one with no figures yet, every visit pending", () => {
    expect(scenario("a-version-with-no-lead").versions[1]!.decision).toEqual({ code: "rollBack", text: "roll back: worse on leads" });
    const pending = scenario("a-version-with-every-visit-pending");
    expect(pending.versions[1]!.decision!.text).toBe("keep running: no figures yet on accepted leads (30 visits so far, no plan set)");
    expect(formatExperimentReport(pending)).toMatch(/\n {2}v2 +30 +– +– +– +–\n/);
  });

  it("rolls back a version that fails a guardrail though its decision metric shows no difference", () => {
    const decision = analyseExperiment(
      counts(
        { "1": { exposures: 8000, leads: 960, accepted: 400, pending: 0, value: { sum: 8800, sumSquares: 193600 } }, "2": { exposures: 8000, leads: 700, accepted: 400, pending: 0, value: { sum: 8800, sumSquares: 193600 } } },
        { decideOn: "value" },
      ),
    ).versions[1]!;
    expect(decision.guardrails).toEqual([{ metric: "leads", margin: 0.05, result: "fails" }]);
    expect(decision.decision).toEqual({ code: "rollBack", text: "roll back: loses more than 5% of the control's leads" });
  });

  it("decides nothing but splitBroken while the split is broken", () => {
    expect(scenario("a-broken-split").versions[1]!.decision!.code).toBe("splitBroken");
  });

  it("draws each version's running difference as an SVG chart with a title and description, and its figures as a table", () => {
    const html = experimentReportHtml(scenario("four-versions"));
    expect(html.match(/<svg role="img" aria-labelledby="chart-four-versions-four-versions-json-v(\d)-title chart-four-versions-four-versions-json-v\1-desc"/g)).toHaveLength(3);
    expect(html).toContain('<title id="chart-four-versions-four-versions-json-v4-title">four-versions v4 against v2: value per visit so far, day by day</title>');
    expect(html).toMatch(/<desc id="chart-four-versions-four-versions-json-v4-desc">The difference in value per visit from 2026-03-01 to 2026-03-03, with its anytime 95% interval as a band; the dashed line is no difference\. On 2026-03-03: \+£0\.65, anytime interval \+£0\.11 to \+£1\.19\.<\/desc>/);
    expect(html).toContain("<caption");
    expect(html).toMatch(/<th scope="row"[^>]*>2026-03-03<\/th><td[^>]*>2,995<\/td>/);
    expect(html).not.toMatch(/<script|NaN|undefined/);
  });

  it("has no NaN or Infinity when one visit has a value and the spread cannot be had", () => {
    const report = analyseExperiment(counts({ "1": { exposures: 1, leads: 1, accepted: 1, pending: 0, value: { sum: 22, sumSquares: 484 } }, "2": { exposures: 1, leads: 0, accepted: 0, pending: 0, value: { sum: 0, sumSquares: 0 } } }));
    expect(everyNumberFinite(report)).toBe(true);
    expect(report.versions[0]!.metrics.value).toMatchObject({ visits: 1, mean: 22, ci95: null });
    expect(report.versions[1]!.metrics.value.comparison).toBeNull();
    for (const rendered of [formatExperimentReport(report), experimentReportHtml(report)]) expect(rendered).not.toMatch(/NaN|Infinity|undefined/);
  });

  it("refuses more accepted visits than leads, and more accepted and pending visits than exposures", () => {
    expect(() => analyseExperiment(counts({ "1": { exposures: 100, leads: 10, accepted: 11, pending: 3 } }))).toThrow("business-water v1: 11 accepted of 10 leads");
    expect(() => analyseExperiment(counts({ "1": { exposures: 100, leads: 10, accepted: 8, pending: 93 } }))).toThrow("business-water v1: 8 accepted and 93 pending of 100 exposures");
    // Pending counts every visit not yet settled, with or without a lead: it may exceed the leads.
    expect(analyseExperiment(counts({ "1": { exposures: 100, leads: 10, accepted: 2, pending: 40 } })).versions[0]!.pending).toBe(40);
  });
});

describe("the decision metric and the guardrails in force", () => {
  const some = { "1": { exposures: 10, leads: 1 }, "2": { exposures: 10, leads: 2 } };
  it.each([
    ["value with the leads guardrail when split.json names neither", {}, "value", { leads: 0.05 }],
    ["leads with no guardrail when deciding on leads", { decideOn: "leads" as const }, "leads", {}],
    ["accepted leads with the leads guardrail", { decideOn: "acceptedLeads" as const }, "acceptedLeads", { leads: 0.05 }],
    ["the guardrails written, none when written as {}", { decideOn: "value" as const, guardrails: {} }, "value", {}],
    ["the guardrails written, in the metrics' order", { guardrails: { value: 0.1, leads: 0.02 } }, "value", { leads: 0.02, value: 0.1 }],
  ])("decides on %s", (_, extra, decideOn, guardrails) => {
    const report = analyseExperiment(counts(some, extra));
    expect(report.decideOn).toBe(decideOn);
    expect(report.guardrails).toEqual(guardrails);
    expect(Object.keys(report.guardrails)).toEqual(Object.keys(guardrails));
  });

  it("decides before the plan is reached, which the anytime interval allows, while the verdict on leads waits for it", () => {
    const clear = { "1": { exposures: 5000, leads: 500 }, "2": { exposures: 5000, leads: 650 } };
    const version = analyseExperiment({ ...counts(clear, { decideOn: "leads" }), period: { ...counts(clear).period, plannedPerVersion: 6000 } }).versions[1]!;
    expect(version.decision).toEqual({ code: "ship", text: "ship: better on leads and within every guardrail" });
    expect(version.verdict!.text).toBe("collecting (5,000 of 6,000 planned)");
    const unclear = { "1": { exposures: 1000, leads: 100 }, "2": { exposures: 1000, leads: 105 } };
    expect(analyseExperiment({ ...counts(unclear, { decideOn: "leads" }), period: { ...counts(unclear).period, plannedPerVersion: 6000 } }).versions[1]!.decision!.text).toBe(
      "keep running: no difference shown yet on leads (1,000 of 6,000 planned visits)",
    );
  });
});
