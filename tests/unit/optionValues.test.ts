/** Option values checked against the field library: an option its field does not take is an error, and its version is not served. */
import { describe, expect, it } from "vitest";
import { readFlowCorpus, servedFlow } from "../../engine/core/flowCorpus";
import { lintFlow } from "../../engine/core/lintFlow";
import type { FlowDocument } from "../../engine/core/types";
import { createSchemaCheck } from "../../engine/node/validation";
import { aloneInItsFolder, readJson } from "../fixtures/forms";

const check = createSchemaCheck();

/** forms/<flow>/v1.json with one step's options changed. */
function withOptions(flowId: string, stepId: string, change: (step: Record<string, unknown> & { options: Array<{ value: string; label: string }> }) => void): FlowDocument {
  const flow = structuredClone(readJson(`forms/${flowId}/v1.json`)) as FlowDocument;
  change(flow.steps.find((s) => s.id === stepId) as never);
  return flow;
}

const optionFindings = (flow: FlowDocument, file: string) =>
  lintFlow(flow, file, check)
    .filter((f) => f.rule === "option-value")
    .map(({ severity, step, message, fix }) => ({ severity, step, message, fix }));

describe.each([
  {
    what: 'a radio option "own" for a field that takes "owner" and "tenant"',
    flow: () => withOptions("business-solar", "owner", (step) => (step.options[0]!.value = "own")),
    step: "owner",
    message: 'option value "own" is not one that "ownsProperty" takes',
    fix: 'did you mean "owner"? "ownsProperty" takes "owner" or "tenant"',
  },
  {
    what: "a tick-box option longer than an item of the list may be",
    flow: () => withOptions("business-insurance", "cover", (step) => (step.options[0]!.value = "public-liability-and-employers-liability-cover")),
    step: "cover",
    message: 'option value "public-liability-and-employers-liability-cover" is not one that "coverTypes" takes',
    fix: '"coverTypes" takes text of 1 to 40 characters',
  },
  {
    what: "a radio option for a number field",
    flow: () => withOptions("business-solar", "owner", (step) => (step.field = "contractMonthsLeft")),
    step: "owner",
    message: 'option value "owner" is not one that "contractMonthsLeft" takes',
    fix: '"contractMonthsLeft" takes a whole number from 0 to 120',
  },
])("$what", ({ flow, step, message, fix }) => {
  it("is an option-value error with what the field takes as its fix", () => {
    expect(optionFindings(flow(), "forms/x/v1.json")[0]).toEqual({ severity: "error", step, message, fix });
  });
});

describe("a version offering a value its field refuses", () => {
  it("is not served: its findings say why, and visitors get the flow's other versions", () => {
    const good = aloneInItsFolder(structuredClone(readJson("forms/business-solar/v1.json"))) as FlowDocument;
    const bad = withOptions("business-solar", "owner", (step) => (step.options[0]!.value = "own"));
    const corpus = readFlowCorpus(
      {
        root: "forms",
        files: [
          { path: "business-solar/v1.json", text: JSON.stringify(good) },
          { path: "business-solar/v2.json", text: JSON.stringify({ ...(aloneInItsFolder(bad) as object), version: 2 }) },
        ],
      },
      check,
    );

    expect(corpus.findings.map((f) => `${f.file}: ${f.rule}`)).toEqual(["forms/business-solar/v2.json: option-value"]);
    expect(servedFlow(corpus, "business-solar", 2)).toBeUndefined();
    expect(corpus.flows[0]).toMatchObject({ defaultVersion: 1 });
  });
});
