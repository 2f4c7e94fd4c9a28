import { describe, expect, it } from "vitest";
import { consentShown, submitPointOnPath } from "../../engine/core/submitStep";
import type { FlowDocument } from "../../engine/core/types";

/** Two branches, each ending in its own submit step with its own consent wording; the first in the document is gas's. */
const flow: FlowDocument = {
  id: "two-branches",
  path: "two-branches",
  version: 1,
  productType: "test",
  serviceType: "business-energy",
  title: "Two branches",
  start: "utility",
  steps: [
    {
      id: "utility",
      kind: "radio",
      field: "utility",
      question: "Which do you need a quote for?",
      options: [{ value: "electricity", label: "Electricity" }, { value: "gas", label: "Gas" }],
      next: [{ when: { "==": [{ var: "utility" }, "gas"] }, to: "gasContact" }, { to: "contact" }],
    },
    { id: "gasContact", kind: "form", question: "Gas contact", fields: ["customerName"], submit: true, consentText: "Gas wording.", next: "done" },
    { id: "contact", kind: "form", question: "Contact", fields: ["customerName"], submit: true, consentText: "Electricity wording.", next: "done" },
    { id: "done", kind: "success" },
  ],
};

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
