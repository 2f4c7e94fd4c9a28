import { describe, expect, it } from "vitest";
import { consentShown, submitPointOnPath } from "../../engine/core/submitStep";
import type { FlowDocument } from "../../engine/core/types";
import { twoBranchFlow } from "../fixtures/twoBranchFlow";

const flow = twoBranchFlow("two-branches", { gas: "Gas wording.", electricity: "Electricity wording." }, ["customerName"]);

describe("the submit step on the visitor's path", () => {
  it.each([
    ["gas", "gasContact", "Gas wording."],
    ["electricity", "contact", "Electricity wording."],
  ] as const)("is the %s branch's own, with its consent wording", (utility, stepId, consentText) => {
    expect(submitPointOnPath(flow, { utility })).toMatchObject({ step: { id: stepId }, consentText });
  });

  it("names the partners after the branch's wording, as the page shows it", () => {
    expect(consentShown(flow, { utility: "electricity" }, ["A Ltd", "B Ltd"])).toBe("Electricity wording. Your details may go to: A Ltd and B Ltd.");
    expect(consentShown(flow, { utility: "gas" })).toBe("Gas wording.");
  });

  it("is none on a path that leaves the flow before any", () => {
    const jump: FlowDocument = { ...flow, steps: [{ ...(flow.steps[0] as Extract<FlowDocument["steps"][number], { kind: "radio" }>), next: [{ to: { flow: "business-water" } }] }] };
    expect(submitPointOnPath(jump, { utility: "gas" })).toBeUndefined();
    expect(consentShown(jump, { utility: "gas" })).toBeUndefined();
  });
});
