/**
 * The results pages' words: each flow's decision in one sentence, why a version earned nothing, the visits left out
 * with or without a period, and what to do next in the studio's words.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadFlowCorpus } from "../../engine/node/formsFolder";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import { flowPageHtml } from "../../server/analysts/flowPage";
import { flowDecision, whatNext } from "../../server/analysts/flowDecision";
import { repoRoot } from "../../server/config";
import type { VersionCounts } from "../../server/experiments/experimentCounts";
import { analyseExperiment } from "../../server/experiments/experimentReport";

const water = loadFlowCorpus(path.join(repoRoot, "forms")).flows.find((f) => f.id === "business-water")!;
const tested: CorpusFlow = { ...water, versions: [...water.versions, { ...water.versions[0]!, version: 2 }], weights: { "1": 50, "2": 50 }, plannedPerVersion: undefined, decideOn: undefined, guardrails: undefined };

/** A version's counts: visits, leads, accepted leads at £20 each, pending visits, and what became of the leads. */
function version(exposures: number, leads: number, accepted: number, pending = 0, outcomes?: VersionCounts["outcomes"]): VersionCounts {
  return { exposures, leads, accepted, pending, value: { sum: accepted * 20, sumSquares: accepted * 400 }, ...(outcomes ? { outcomes } : {}) };
}

const report = (versions: Record<string, VersionCounts>, planned?: number) =>
  analyseExperiment({ flowId: "business-water", period: { id: "p1", startedAt: "2026-03-01T09:00:00.000Z", weights: tested.weights, control: 1, ...(planned ? { plannedPerVersion: planned } : {}) }, versions, settleHours: 4 });

describe("a flow's decision in one sentence", () => {
  it.each([
    ["no test", water, undefined, "noTest", "No test: v1 gets every visitor"],
    ["a test with no visit yet", tested, undefined, "noVisits", "v2 against v1: no visit counted yet"],
    ["a test below its plan", tested, report({ "1": version(1204, 120, 60), "2": version(1210, 125, 63) }, 4438), "keepRunning", "v2 against v1: keep running — 1,204 of 4,438 planned visits each; value per visit £1.04 against £1.00"],
    ["a clear winner", tested, report({ "1": version(5000, 500, 250), "2": version(5000, 700, 450) }), "ship", "v2 against v1: ship v2 — better on value per visit and within every guardrail; value per visit £1.80 against £1.00"],
    ["a clear loser", tested, report({ "1": version(5000, 700, 450), "2": version(5000, 500, 250) }), "rollBack", "v2 against v1: roll back v2 — worse on value per visit; value per visit £1.00 against £1.80"],
    ["a broken split", tested, report({ "1": version(5000, 500, 250), "2": version(4000, 400, 200) }), "splitBroken", "v2 against v1: split broken — visitors did not arrive in the shares the split asks for, so no figure can be trusted; find the cause first"],
  ] as const)("says it for %s", (_name, flow, r, standing, sentence) => {
    expect(flowDecision(flow, r)).toEqual({ standing, sentence });
  });

  it("names the studio's Traffic region in what to do next, as the studio names it, never a file's keys", () => {
    const all = (["noTest", "noVisits", "keepRunning", "ship", "rollBack", "splitBroken"] as const).flatMap((s) => whatNext(tested, report({ "1": version(10, 1, 1), "2": version(10, 1, 1) }), s));
    expect(all.join(" ")).toContain("under Traffic");
    expect(all.join(" ")).not.toContain("Traffic split");
    expect(all.join(" ")).not.toMatch(/plannedPerVersion|split\.json/);
  });
});

describe("a flow's page", () => {
  it("says why a version shows £0.00 per visit: its leads were duplicates or are still being delivered", () => {
    const r = report({
      "1": version(20, 3, 0, 8, { accepted: 0, duplicates: 2, rejected: 0, unrouted: 0, delivering: 1 }),
      "2": version(20, 2, 1, 0, { accepted: 1, duplicates: 0, rejected: 1, unrouted: 0, delivering: 0 }),
    });
    const html = flowPageHtml({ flow: tested, report: r, leftOut: 0, findings: [], unknown: [] });
    expect(html).toContain("v1 (control) shows £0.00 per visit: of its 3 leads, 2 duplicates of a lead already sent, 1 still being delivered.");
    expect(html).not.toContain("v2 shows £0.00");
    expect(html).toContain("<th scope=\"col\" style=\"padding:.2rem .6rem;border-bottom:1px solid #e1e4e8;text-align:left\">Rejected by every buyer</th>");
    expect(html.indexOf('id="decision"')).toBeLessThan(html.indexOf("Why: the figures behind it"));
  });

  it("links the period to the change in the flow's history that began it", () => {
    const r = report({ "1": version(20, 3, 1), "2": version(20, 2, 1) });
    const change = (id: number, why: string) => ({ change_id: id, flow_id: "business-water", kind: "traffic" as const, version: null, analyst: "jo", changed_at: "2026-11-20T09:30:00.000Z", why, before: null, after: "{}" });
    const html = flowPageHtml({ flow: tested, report: r, leftOut: 0, findings: [], unknown: [], origin: { began: change(7, "Try v2 on half"), resumed: change(9, "Back to the test") } });
    expect(html).toContain('This period began with <a href="/analysts/studio/business-water/v1#change-7">change 7</a> (jo, 2026-11-20 09:30 UTC: “Try v2 on half”)');
    expect(html).toContain('<a href="/analysts/studio/business-water/v1#change-9">change 9</a> (jo, 2026-11-20 09:30 UTC: “Back to the test”) returned to it');
  });

  it("shows the visits left out before any period exists", () => {
    const html = flowPageHtml({ flow: tested, report: undefined, leftOut: 240, findings: [], unknown: [] });
    expect(html).toContain("v2 against v1: no visit counted yet");
    expect(html).toContain("240 visits were served this flow so far but not counted: their internet address had started more new visits than its limit.");
    expect(html).not.toContain("NEW_VISITS_PER_ADDRESS_MAX");
  });
});
