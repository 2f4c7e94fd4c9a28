import { describe, expect, it } from "vitest";
import { FlowError, checkFlow } from "../../engine/core/checkFlow";
import { createAjv } from "../../engine/core/createAjv";
import { flowFiles, flowIds, readJson } from "../fixtures/forms";

const ajv = createAjv();
const file = "forms/business-energy/v1.json";

describe("the forms/ corpus", () => {
  it("includes the business energy flow", () => {
    expect(flowFiles()).toContain(file);
  });

  it.each(flowFiles())("loads %s", (flowFile) => {
    const flow = checkFlow(ajv, readJson(flowFile), flowFile, { knownFlows: new Set(flowIds()) });
    expect(`forms/${flow.id}/v${flow.version}.json`).toBe(flowFile);
  });
});

/** The v1 business-energy document with one change made to a copy of it. */
function brokenV1(change: (doc: BrokenDoc) => void): BrokenDoc {
  const doc = structuredClone(readJson(file)) as BrokenDoc;
  change(doc);
  return doc;
}

/** A flow document as loose JSON, so a test can break it in ways the types forbid. */
interface BrokenDoc {
  start: string;
  steps: Array<Record<string, unknown> & { id: string; next?: unknown }>;
  [key: string]: unknown;
}

/** The problems checkFlow reports for a document, or a failure when it loads. */
function problemsOf(doc: unknown, knownFlows?: ReadonlySet<string>): string[] {
  try {
    checkFlow(ajv, doc, file, knownFlows ? { knownFlows } : {});
  } catch (error) {
    if (error instanceof FlowError) return error.problems;
    throw error;
  }
  throw new Error("the broken document loaded");
}

const spendRules = (when: object) => [{ when, to: "contract" }, { to: "meter" }];

describe("a broken flow document", () => {
  it.each([
    [
      "a duplicate step id",
      brokenV1((doc) => doc.steps.splice(2, 0, { ...doc.steps[1]!, question: "Again?" })),
      'step "spend": duplicate step id',
    ],
    [
      "a next naming an unknown step",
      brokenV1((doc) => (doc.steps[0]!.next = "spnd")),
      'step "utility": next names unknown step "spnd"',
    ],
    [
      "a rule naming an unknown step",
      brokenV1((doc) => (doc.steps[1]!.next = [{ when: { "==": [{ var: "utility" }, "gas"] }, to: "contrat" }, { to: "meter" }])),
      'step "spend": next names unknown step "contrat"',
    ],
    [
      "a condition reading an unknown field",
      brokenV1((doc) => (doc.steps[1]!.next = spendRules({ "==": [{ var: "utilty" }, "gas"] }))),
      'step "spend": condition reads unknown field "utilty"',
    ],
    [
      "a condition reading an unknown field deep inside it",
      brokenV1((doc) => (doc.steps[1]!.next = spendRules({ and: [{ "==": [{ var: "utility" }, "gas"] }, { "!": { var: ["spnd", ""] } }] }))),
      'step "spend": condition reads unknown field "spnd"',
    ],
    [
      "an unknown JSONLogic operator",
      brokenV1((doc) => (doc.steps[1]!.next = spendRules({ equals: [{ var: "utility" }, "gas"] }))),
      'step "spend": condition uses unknown operator "equals"',
    ],
    [
      "a last rule with a condition",
      brokenV1((doc) => (doc.steps[1]!.next = [{ to: "contract", when: { "==": [{ var: "utility" }, "gas"] } }])),
      'step "spend": the last rule of next needs no "when", so some rule always applies',
    ],
    [
      "a step without its question",
      brokenV1((doc) => delete doc.steps[2]!.question),
      `step "meter": /steps/2 must have required property 'question'`,
    ],
    [
      "a step without its options",
      brokenV1((doc) => delete doc.steps[4]!.options),
      `step "supplier": /steps/4 must have required property 'options'`,
    ],
    [
      "an unknown step kind",
      brokenV1((doc) => (doc.steps[2]!.kind = "slider")),
      'step "meter": /steps/2 value of tag "kind" must be in oneOf',
    ],
    [
      "a start naming an unknown step",
      brokenV1((doc) => (doc.start = "fuel")),
      'start: unknown step "fuel"',
    ],
  ])("fails on %s, naming the file and the step", (_what, doc, problem) => {
    expect(problemsOf(doc)).toContain(`${file}: ${problem}`);
  });

  it("fails on a jump to a flow that does not exist, when the known flows are given", () => {
    const doc = brokenV1((doc) => (doc.steps[0]!.next = [{ when: { "==": [{ var: "utility" }, "gas"] }, to: { flow: "business-fish" } }, { to: "spend" }]));
    expect(problemsOf(doc, new Set(["business-energy", "business-water"]))).toEqual([
      `${file}: step "utility": next names unknown flow "business-fish"`,
    ]);
  });

  it("loads a jump to a flow that exists", () => {
    const doc = brokenV1((doc) => (doc.steps[0]!.next = [{ when: { "==": [{ var: "utility" }, "gas"] }, to: { flow: "business-water" } }, { to: "spend" }]));
    expect(() => checkFlow(ajv, doc, file, { knownFlows: new Set(["business-water"]) })).not.toThrow();
  });

  it("fails on a flow without its title, naming the file", () => {
    expect(problemsOf(brokenV1((doc) => delete doc.title))).toEqual([`${file}: / must have required property 'title'`]);
  });

  it("lists every problem of a document at once", () => {
    const doc = brokenV1((doc) => {
      doc.steps[0]!.next = "spnd";
      doc.steps[1]!.next = spendRules({ equals: [{ var: "utility" }, "gas"] });
    });
    expect(problemsOf(doc)).toEqual([
      `${file}: step "utility": next names unknown step "spnd"`,
      `${file}: step "spend": condition uses unknown operator "equals"`,
    ]);
  });

  it("says all of its problems in the error message too", () => {
    expect(() => checkFlow(ajv, brokenV1((doc) => (doc.start = "fuel")), file)).toThrow(`${file}: start: unknown step "fuel"`);
  });
});
