/** The studio's decision metrics are the split schema's and the server's, and their defaults the report's. */
import { describe, expect, it } from "vitest";
import splitSchema from "../../../schemas/split.schema.json";
import { DECISION_METRICS, decisionWords, guardrailsInForce } from "../../../engine/studio/decisionSettings";
import { DECISION_METRICS as SERVER_METRICS } from "../../../server/publishing/trafficDecision";
import { DEFAULT_DECIDE_ON, guardrailsInForce as reportGuardrails, METRIC_NAMES } from "../../../server/experiments/experimentDecision";
import { decideOnLine } from "../../../server/experiments/experimentMetricWording";

describe("the decision settings the studio offers", () => {
  it("are the metrics the split schema enumerates and the server accepts", () => {
    expect([...DECISION_METRICS].sort()).toEqual([...splitSchema.properties.decideOn.enum].sort());
    expect([...DECISION_METRICS].sort()).toEqual([...SERVER_METRICS].sort());
  });

  it("apply the report's defaults and say them in the report's words", () => {
    for (const decideOn of [undefined, ...DECISION_METRICS]) {
      for (const guardrails of [undefined, {}, { acceptedLeads: 0.1 }, { leads: 0.05, value: 0.02 }]) {
        const split = { ...(decideOn ? { decideOn } : {}), ...(guardrails ? { guardrails } : {}) };
        const metric = decideOn ?? DEFAULT_DECIDE_ON;
        expect(guardrailsInForce(split)).toEqual(reportGuardrails(metric, guardrails));
        expect(decisionWords(metric, guardrailsInForce(split))).toBe(decideOnLine(metric, reportGuardrails(metric, guardrails)));
      }
    }
    expect(Object.keys(METRIC_NAMES).sort()).toEqual([...DECISION_METRICS].sort());
  });
});
