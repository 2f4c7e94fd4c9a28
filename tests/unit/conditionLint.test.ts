/**
 * The linter's condition rules: a condition that loads but cannot mean what it says is flagged by the field's type
 * in the field library, with the right form as its fix.
 */
import { describe, expect, it } from "vitest";
import { conditionHolds } from "../../engine/core/conditions";
import { lintFlow } from "../../engine/core/lintFlow";
import type { FlowDocument } from "../../engine/core/types";
import { createSchemaCheck } from "../../engine/node/validation";
import { readJson } from "../fixtures/forms";

const check = createSchemaCheck();
const conditionRules = new Set(["list-equals", "in-reversed", "in-text", "impossible-value", "unanswered-field"]);

/** forms/<flow>/v1.json with a rule `when` → the step's own next in front of its next, at `stepId`. */
function withCondition(flowId: string, stepId: string, when: object): { flow: FlowDocument; file: string } {
  const file = `forms/${flowId}/v1.json`;
  const flow = structuredClone(readJson(file)) as FlowDocument;
  const step = flow.steps.find((s) => s.id === stepId) as { next: string };
  Object.assign(step, { next: [{ when, to: step.next }, { to: step.next }] });
  return { flow, file };
}

function conditionFindings(flowId: string, stepId: string, when: object) {
  const { flow, file } = withCondition(flowId, stepId, when);
  return lintFlow(flow, file, check)
    .filter((f) => conditionRules.has(f.rule))
    .map(({ severity, rule, step, message, fix }) => ({ severity, rule, step, message, fix }));
}

describe("a condition on a tick-box question", () => {
  it("copied as == is flagged, with the in form as its fix", () => {
    expect(conditionFindings("business-insurance", "industry", { "==": [{ var: "coverTypes" }, "buildings"] })).toEqual([
      {
        severity: "error",
        rule: "list-equals",
        step: "industry",
        message: '"coverTypes" holds the list of boxes ticked, so == holds only when "buildings" is the only box ticked',
        fix: 'use {"in": ["buildings", {"var": "coverTypes"}]}, which reads "Cover needed has ticked Buildings"',
      },
    ]);
  });

  it("holds in its fixed form when Buildings is ticked among others, where the == form does not", () => {
    const answers = { coverTypes: ["buildings", "cyber"] };
    expect(conditionHolds({ "==": [{ var: "coverTypes" }, "buildings"] }, answers)).toBe(false);
    expect(conditionHolds({ in: ["buildings", { var: "coverTypes" }] }, answers)).toBe(true);
  });
});

const insurance = (when: object) => conditionFindings("business-insurance", "industry", when);
const energy = (when: object) => conditionFindings("business-energy", "utility", when);

describe.each([
  {
    condition: { "!=": [{ var: "coverTypes" }, "buildings"] },
    findings: () => insurance({ "!=": [{ var: "coverTypes" }, "buildings"] }),
    rule: "list-equals",
    message: '"coverTypes" holds the list of boxes ticked, so != holds whenever another box is ticked, even with "buildings" ticked too',
    fix: 'use {"!": {"in": ["buildings", {"var": "coverTypes"}]}}, which reads "Cover needed has not ticked Buildings"',
  },
  {
    condition: { "===": [{ var: "coverTypes" }, ["buildings", "cyber"]] },
    findings: () => insurance({ "===": [{ var: "coverTypes" }, ["buildings", "cyber"]] }),
    rule: "list-equals",
    message: '"coverTypes" holds the list of boxes ticked, so === compares the whole list with ["buildings", "cyber"], which never holds',
    fix: 'use {"and": [{"in": ["buildings", {"var": "coverTypes"}]}, {"in": ["cyber", {"var": "coverTypes"}]}]}, which reads "Cover needed has ticked Buildings and Cover needed has ticked Cyber"',
  },
  {
    condition: { "==": [{ var: "coverTypes" }, null] },
    findings: () => insurance({ "==": [{ var: "coverTypes" }, null] }),
    rule: "list-equals",
    message: '"coverTypes" holds the list of boxes ticked, so == tells only whether the question was answered, not whether no box is ticked',
    fix: 'use {"!": {"var": "coverTypes"}}, which reads "Cover needed has none ticked"',
  },
  {
    condition: { in: [{ var: "coverTypes" }, "buildings"] },
    findings: () => insurance({ in: [{ var: "coverTypes" }, "buildings"] }),
    rule: "in-reversed",
    message: 'in with the field first tests whether the whole list of boxes ticked is within "buildings", not whether a box is ticked',
    fix: 'use {"in": ["buildings", {"var": "coverTypes"}]}, which reads "Cover needed has ticked Buildings"',
  },
  {
    condition: { in: [{ var: "coverTypes" }, ["buildings", "cyber"]] },
    findings: () => insurance({ in: [{ var: "coverTypes" }, ["buildings", "cyber"]] }),
    rule: "in-reversed",
    message: 'in with the field first tests whether the whole list of boxes ticked is within ["buildings", "cyber"], not whether a box is ticked',
    fix: 'use {"or": [{"in": ["buildings", {"var": "coverTypes"}]}, {"in": ["cyber", {"var": "coverTypes"}]}]}',
  },
  {
    condition: { in: [{ var: "utility" }, "gas,electricity"] },
    findings: () => energy({ in: [{ var: "utility" }, "gas,electricity"] }),
    rule: "in-text",
    message: 'in with a text second tests whether the answer is part of the text "gas,electricity", not whether it is one of its values',
    fix: 'use {"in": [{"var": "utility"}, ["gas", "electricity"]]}, which reads "Energy type is one of Gas or Electricity": "is one of" takes its values as a list',
  },
  {
    condition: { in: ["bulidings", { var: "coverTypes" }] },
    findings: () => insurance({ in: ["bulidings", { var: "coverTypes" }] }),
    rule: "impossible-value",
    message: 'condition compares "coverTypes" with "bulidings", a value no option of this flow gives it',
    fix: 'did you mean "buildings"? "coverTypes" takes "buildings", "advice", "cyber", "public-liability", "contents-stock", "employers-liability", "business-interruption", "commercial-vehicles" or "professional-indemnity" in this flow',
  },
  {
    condition: { in: [{ var: "utility" }, ["gas", "electrcity"]] },
    findings: () => energy({ in: [{ var: "utility" }, ["gas", "electrcity"]] }),
    rule: "impossible-value",
    message: 'condition compares "utility" with "electrcity", a value it never takes',
    fix: 'did you mean "electricity"? "utility" takes "electricity", "both" or "gas"',
  },
  {
    condition: { "==": [{ var: "ownsProperty" }, "own"] },
    findings: () => conditionFindings("business-solar", "owner", { "==": [{ var: "ownsProperty" }, "own"] }),
    rule: "impossible-value",
    message: 'condition compares "ownsProperty" with "own", a value it never takes',
    fix: 'did you mean "owner"? "ownsProperty" takes "owner" or "tenant"',
  },
  {
    condition: { ">=": [{ var: "utility" }, 3] },
    findings: () => energy({ ">=": [{ var: "utility" }, 3] }),
    rule: "impossible-value",
    message: 'condition compares "utility" with 3, a value it never takes',
    fix: '"utility" takes "electricity", "gas" or "both"',
  },
  {
    condition: { "==": [{ var: "contractExpiry" }, "over12Months"] },
    findings: () => conditionFindings("business-insurance", "renewal", { "==": [{ var: "contractExpiry" }, "over12Months"] }),
    rule: "impossible-value",
    message: 'condition compares "contractExpiry" with "over12Months", a value no option of this flow gives it',
    fix: '"contractExpiry" takes "within12Months", "within3Months", "within6Months", "outOfContract" or "notSure" in this flow',
  },
])("$condition", ({ findings, rule, message, fix }) => {
  it(`is flagged ${rule}, with the right form as its fix`, () => {
    expect(findings()).toEqual([{ severity: "error", rule, step: expect.any(String), message, fix }]);
  });
});

describe.each([
  { flowId: "business-energy", step: "utility", condition: { in: [{ var: "utility" }, ["gas", "electricity"]] } },
  { flowId: "business-energy", step: "utility", condition: { "!=": [{ var: "utility" }, "gas"] } },
  { flowId: "business-insurance", step: "cover", condition: { in: ["buildings", { var: "coverTypes" }] } },
  { flowId: "business-insurance", step: "cover", condition: { "!": { in: ["cyber", { var: "coverTypes" }] } } },
  { flowId: "business-insurance", step: "cover", condition: { "!": { var: "coverTypes" } } },
  { flowId: "business-solar", step: "owner", condition: { and: [{ "==": [{ var: "ownsProperty" }, "owner"] }, { "==": [{ var: "propertyType" }, "office"] }] } },
  { flowId: "business-solar", step: "contact", condition: { in: ["SW", { var: "postcode" }] } },
])("the right form $condition", ({ flowId, step, condition }) => {
  it("gives no finding", () => {
    expect(conditionFindings(flowId, step, condition)).toEqual([]);
  });
});

describe("a condition on a field some path to it never asks", () => {
  it("is a warning naming the path and where the field is asked", () => {
    expect(insurance({ "==": [{ var: "employeeCount" }, "2-5"] })).toEqual([
      {
        severity: "warning",
        rule: "unanswered-field",
        step: "industry",
        message: 'a condition reads "employeeCount", which the path cover → industry never asks, so there the condition sees no answer',
        fix: 'ask "employeeCount" on every path before this step (it is asked at "employees"), or move the rule to a step after the one that asks it',
      },
    ]);
  });

  it("says so of a field only one shape of a step asks (an address picked, not typed)", () => {
    const [finding] = conditionFindings("business-solar", "contact", { "!!": { var: "businessAddress.id" } });
    expect(finding).toMatchObject({ rule: "unanswered-field", severity: "warning" });
    expect(finding?.fix).toContain('it is asked at "address" (in some of its shapes only)');
  });

  it("is quiet when every path asks it before, whichever branch was taken", () => {
    expect(conditionFindings("business-solar", "roof", { "==": [{ var: "ownsProperty" }, "owner"] })).toEqual([]);
    expect(conditionFindings("business-solar", "contact", { in: ["SW", { var: "postcode" }] })).toEqual([]);
  });

  it("counts the step whose next holds the condition as asking its own field", () => {
    expect(conditionFindings("business-insurance", "cover", { in: ["buildings", { var: "coverTypes" }] })).toEqual([]);
  });
});

describe("the forms corpus", () => {
  it("has no condition the new rules flag", async () => {
    const { formsCorpus } = await import("../fixtures/forms");
    expect(formsCorpus().findings.filter((f) => conditionRules.has(f.rule) || f.rule === "option-value")).toEqual([]);
  });
});
