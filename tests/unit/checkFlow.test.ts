import { describe, expect, it } from "vitest";
import { FlowError, checkFlow, flowFindings } from "../../engine/core/checkFlow";
import { createSchemaCheck } from "../../engine/node/validation";
import { flowFiles, flowIds, readJson } from "../fixtures/forms";
import { schemaStepKinds } from "../fixtures/stepKinds";

const check = createSchemaCheck();
const file = "forms/business-energy/v1.json";

describe("the forms/ corpus", () => {
  it("includes the business energy flow", () => {
    expect(flowFiles()).toContain(file);
  });

  it.each(flowFiles())("loads %s", (flowFile) => {
    const flow = checkFlow(check, readJson(flowFile), flowFile, { knownFlows: new Set(flowIds()) });
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
    checkFlow(check, doc, file, knownFlows ? { knownFlows } : {});
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
      'step "spend": the last rule of next has a "when", so some visitors may have nowhere to go',
    ],
    [
      "a step without its question",
      brokenV1((doc) => delete doc.steps[2]!.question),
      'step "meter": missing "question"',
    ],
    [
      "a step without its options",
      brokenV1((doc) => delete doc.steps[4]!.options),
      'step "supplier": missing "options"',
    ],
    [
      "an unknown step kind",
      brokenV1((doc) => (doc.steps[2]!.kind = "slider")),
      'step "meter": unknown step kind "slider"',
    ],
    [
      "a start naming an unknown step",
      brokenV1((doc) => (doc.start = "fuel")),
      'start names unknown step "fuel"',
    ],
  ])("fails on %s, naming the file and the step", (_what, doc, problem) => {
    expect(problemsOf(doc)).toContain(`${file}: ${problem}`);
  });

  it("fails on a jump to a flow that does not exist, when the known flows are given", () => {
    const doc = brokenV1((doc) => (doc.steps[0]!.next = [{ when: { "==": [{ var: "utility" }, "gas"] }, to: { flow: "business-fish" } }, { to: "spend" }]));
    expect(problemsOf(doc, new Set(flowIds()))).toEqual([
      `${file}: step "utility": next names unknown flow "business-fish"`,
    ]);
  });

  it("loads a jump to a flow that exists", () => {
    const doc = brokenV1((doc) => (doc.steps[0]!.next = [{ when: { "==": [{ var: "utility" }, "gas"] }, to: { flow: "business-water" } }, { to: "spend" }]));
    expect(() => checkFlow(check, doc, file, { knownFlows: new Set(flowIds()) })).not.toThrow();
  });

  it("fails on a flow without its title, naming the file", () => {
    expect(problemsOf(brokenV1((doc) => delete doc.title))).toEqual([`${file}: missing "title"`]);
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
    expect(() => checkFlow(check, brokenV1((doc) => (doc.start = "fuel")), file)).toThrow(`${file}: start names unknown step "fuel"`);
  });
});

describe("a finding about a misspelt name", () => {
  it.each<[string, (doc: BrokenDoc) => void, string, string]>([
    ["a next naming a step that does not exist", (doc) => (doc.steps[4]!.next = "adress"), 'step "supplier": next names unknown step "adress"', 'did you mean "address"? The steps in this file are utility, spend, meter, contract, supplier, address, contact, done'],
    ["a condition reading a misspelt field", (doc) => (doc.steps[1]!.next = spendRules({ "==": [{ var: "currentSuplier" }, "edf"] })), 'step "spend": condition reads unknown field "currentSuplier"', 'did you mean "currentSupplier"? Field keys are in schemas/fields.schema.json (add a new field there)'],
    ["a step asking a misspelt field", (doc) => (doc.steps[0]!.field = "utilty"), 'step "utility": field "utilty" is not in the field library', 'did you mean "utility"? Field keys are in schemas/fields.schema.json (add a new field there)'],
    ["a misspelt property of a step", (doc) => ((doc.steps[0]!.nxt = doc.steps[0]!.next), delete doc.steps[0]!.next), 'step "utility": unknown property "nxt"', 'did you mean "next"? Allowed here: id, kind, field, question, hint, options, submit, next'],
    ["a misspelt property of the document", (doc) => ((doc.strat = doc.start), delete (doc as Partial<BrokenDoc>).start), 'unknown property "strat"', 'did you mean "start"? Allowed here: $schema, id, path, version, productType, serviceType, title, description, start, steps'],
    ["a misspelt step kind", (doc) => (doc.steps[2]!.kind = "radoi"), 'step "meter": unknown step kind "radoi"', `did you mean "radio"? The kinds are ${schemaStepKinds().join(", ")}`],
    ["a misspelt operator", (doc) => (doc.steps[1]!.next = spendRules({ "=": [{ var: "utility" }, "gas"] })), 'step "spend": condition uses unknown operator "="', 'did you mean "=="? Use a JSONLogic operator such as ==, !=, in, and, or'],
    ["a misspelt property of a rule", (doc) => (doc.steps[1]!.next = [{ wen: { "==": [{ var: "utility" }, "gas"] }, to: "contract" }, { to: "meter" }]), 'step "spend": next[0] has unknown property "wen"', 'did you mean "when"? Allowed here: when, to'],
  ])("is one finding for %s, with the nearest valid name in its fix", (_what, change, message, fix) => {
    const { findings } = flowFindings(check, brokenV1(change), file, { knownFlows: new Set(flowIds()) });
    expect(findings.map((f) => `${f.step ? `step "${f.step}": ` : ""}${f.message}`)).toEqual([message]);
    expect(findings[0]!.fix).toBe(fix);
  });

  it("lists the valid names when none is close", () => {
    const { findings } = flowFindings(check, brokenV1((doc) => (doc.steps[4]!.next = "postcodeLookup")), file);
    expect(findings[0]!.fix).toBe("the steps in this file are utility, spend, meter, contract, supplier, address, contact, done");
  });
});
