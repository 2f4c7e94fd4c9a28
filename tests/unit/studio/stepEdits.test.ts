import { describe, expect, it } from "vitest";
import type { FlowDocument, Step } from "../../../engine/core/types";
import { addStepAfter, deleteStep, freeStepId, replaceStep, stepsNaming } from "../../../engine/studio/stepEdits";
import { readJson } from "../../fixtures/forms";

const water = readJson("forms/business-water/v1.json") as FlowDocument;
const stepOf = (flow: FlowDocument, id: string) => flow.steps.find((s) => s.id === id)!;
const nextOf = (flow: FlowDocument, id: string) => (stepOf(flow, id) as { next?: unknown }).next;
/** The document as the repository writes it (2 spaces, keys in order). */
const formatJson = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;
const ids = (flow: FlowDocument) => flow.steps.map((s) => s.id);

/** A small flow: a radio that branches to two steps which meet again, then success. */
const branching: FlowDocument = {
  id: "test-flow",
  path: "test-flow",
  version: 1,
  productType: "test",
  serviceType: "business-water",
  title: "Test",
  start: "a",
  steps: [
    { id: "a", kind: "radio", field: "currentlyUsesAService", question: "A?", options: [{ value: "yes", label: "Yes" }, { value: "no", label: "No" }], next: [{ when: { "==": [{ var: "currentlyUsesAService" }, "yes"] }, to: "b" }, { to: "c" }] },
    { id: "b", kind: "form", question: "B?", fields: ["businessName"], next: "c" },
    { id: "c", kind: "form", question: "C?", fields: ["email"], submit: true, next: "done" },
    { id: "done", kind: "success" },
  ],
};

describe("adding a step", () => {
  it("puts the new step after the chosen one, taking its next, and the chosen one leads to it", () => {
    const { flow, added } = addStepAfter(water, "spend", "radio");
    expect(added).toBe("new-step");
    expect(ids(flow).slice(0, 4)).toEqual(["sites", "spend", "new-step", "supplier"]);
    expect(nextOf(flow, "spend")).toBe("new-step");
    expect(nextOf(flow, "new-step")).toBe("supplier");
  });

  it("chooses an id no step has: new-step, then new-step-2", () => {
    const once = addStepAfter(water, "sites", "form").flow;
    const twice = addStepAfter(once, "sites", "form");
    expect(twice.added).toBe("new-step-2");
    expect(freeStepId(twice.flow)).toBe("new-step-3");
  });

  it("moves a step's rules to the new step, so the branching is kept", () => {
    const { flow } = addStepAfter(branching, "a", "checkbox");
    expect(nextOf(flow, "a")).toBe("new-step");
    expect(nextOf(flow, "new-step")).toEqual((stepOf(branching, "a") as { next: unknown }).next);
  });

  it("leaves the document's other keys as they were, in their order", () => {
    const { flow } = addStepAfter(water, "spend", "radio");
    expect(Object.keys(flow)).toEqual(Object.keys(water));
    expect(Object.keys(stepOf(flow, "spend"))).toEqual(Object.keys(stepOf(water, "spend")));
  });
});

describe("deleting a step", () => {
  it("sends the steps that named it where it went, and says so", () => {
    const { flow, fixed, flagged } = deleteStep(branching, "b");
    expect(ids(flow)).toEqual(["a", "c", "done"]);
    expect(fixed).toEqual([]);
    expect(flagged).toEqual(["a"]);
    expect(nextOf(flow, "a")).toEqual((stepOf(branching, "a") as { next: unknown }).next);
  });

  it("fixes a plain next that named it", () => {
    const { flow, fixed, flagged } = deleteStep(water, "spend");
    expect(fixed).toEqual(["sites"]);
    expect(flagged).toEqual([]);
    expect(nextOf(flow, "sites")).toBe("supplier");
  });

  it("flags a plain next when the deleted step went nowhere plain", () => {
    const { fixed, flagged } = deleteStep(branching, "done");
    expect(fixed).toEqual([]);
    expect(flagged).toEqual(["c"]);
  });

  it("moves the start on when the first step goes", () => {
    expect(deleteStep(water, "sites").flow.start).toBe("spend");
  });

  it("lists the steps that name a step, by plain next or by a rule", () => {
    expect(stepsNaming(branching, "c")).toEqual(["a", "b"]);
    expect(stepsNaming(branching, "a")).toEqual([]);
  });
});

describe("replacing a step", () => {
  it("changes the step in place and nothing else: the file differs by that line alone", () => {
    const spend = stepOf(water, "spend");
    const flow = replaceStep(water, "spend", { ...spend, question: "How much?" } as Step);
    const before = formatJson(water).split("\n");
    const after = formatJson(flow).split("\n");
    expect(after.length).toBe(before.length);
    expect(after.filter((line, i) => line !== before[i])).toEqual(['      "question": "How much?",']);
  });

  it("renames every reference when the id changes: start, plain next and rules", () => {
    const renamed = replaceStep(branching, "c", { ...stepOf(branching, "c"), id: "contact" } as Step);
    expect(ids(renamed)).toEqual(["a", "b", "contact", "done"]);
    expect(nextOf(renamed, "b")).toBe("contact");
    expect((nextOf(renamed, "a") as Array<{ to: string }>).map((r) => r.to)).toEqual(["b", "contact"]);
    const first = replaceStep(branching, "a", { ...stepOf(branching, "a"), id: "first" } as Step);
    expect(first.start).toBe("first");
  });
});
