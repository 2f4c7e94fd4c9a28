/** The experiment report while split.json has an error: it never claims the traffic follows split.json as written. */
import { describe, expect, it } from "vitest";
import type { ExperimentCounts } from "../../server/experiments/experimentCounts";
import { analyseExperiment } from "../../server/experiments/experimentReport";
import { experimentReportJson } from "../../server/experiments/experimentReportJson";
import { experimentReportFragment } from "../../server/experiments/experimentReportHtml";
import { formatExperimentReport } from "../../server/experiments/experimentReportText";

const counts = (extra: Partial<ExperimentCounts> = {}): ExperimentCounts => ({
  flowId: "business-water",
  period: { id: "3f9a2c1b7d40", startedAt: "2026-03-01T09:12:44.000Z", weights: { "1": 50, "2": 50 }, control: 1 },
  versions: { "1": { exposures: 4000, leads: 480 }, "2": { exposures: 4000, leads: 540 } },
  ...extra,
});

describe("the experiment report of a flow whose split.json is held back", () => {
  it("says the last good weights are in force, not that the traffic split as the weights say", () => {
    const report = analyseExperiment(counts({ splitHeldBack: "lastGood" }));
    const text = formatExperimentReport(report);

    expect(text).not.toContain("as the weights say");
    expect(text).toMatch(/Traffic split: as the weights in force say \(chi-square 0\.00, 1 df, p = 1\.000\); split\.json has an error, so the last good split\.json's weights are in force until it is fixed\n/);
    expect(experimentReportFragment(report)).toContain("split.json has an error, so the last good split.json&apos;s weights are in force");
    expect(experimentReportJson(report).splitHeldBack).toBe("lastGood");
  });

  it("says every visitor gets the default when there was no good split.json", () => {
    const text = formatExperimentReport(analyseExperiment(counts({ splitHeldBack: "defaultOnly" })));

    expect(text).not.toContain("as the weights say");
    expect(text).toContain("split.json has an error, so every visitor gets the default version until it is fixed");
  });

  it("says nothing of it for a split.json without an error", () => {
    const report = analyseExperiment(counts());

    expect(formatExperimentReport(report)).toContain("Traffic split: as the weights say (");
    expect(experimentReportJson(report)).not.toHaveProperty("splitHeldBack");
  });
});
