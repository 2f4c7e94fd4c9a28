import { describe, expect, it } from "vitest";
import { flowFindings } from "../../../engine/core/checkFlow";
import { refusedOptions } from "../../../engine/core/fieldValues";
import { kindOf } from "../../../engine/core/kinds/registry";
import { startingStep } from "../../../engine/core/kinds/startingSteps";
import type { FlowDocument, StepKind } from "../../../engine/core/types";
import { createSchemaCheck } from "../../../engine/node/validation";
import { addStepAfter } from "../../../engine/studio/stepEdits";
import { flowIds, readJson } from "../../fixtures/forms";
import { schemaStepKinds } from "../../fixtures/stepKinds";

const check = createSchemaCheck();
const file = "forms/business-water/v1.json";
const water = readJson(file) as FlowDocument;
/** Every kind of the schema (a kind missing from the registry fails to compile elsewhere). */
const kinds = schemaStepKinds() as StepKind[];

describe("each kind's starting step, as the studio adds it", () => {
  it.each(kinds)("a new %s step passes the flow schema and the checks of references", (kind) => {
    const { flow, added } = addStepAfter(water, "supplier", kind);
    const { findings } = flowFindings(check, flow, file, { knownFlows: new Set(flowIds()) });
    expect(findings).toEqual([]);
    expect(flow.steps.find((s) => s.id === added)?.kind).toBe(kind);
  });

  it.each(kinds)("a new %s step passes its kind's own lint rules", (kind) => {
    const step = startingStep(kind, "new-step");
    const reported: string[] = [];
    kindOf(step).lint?.(step, { report: (rule, message) => reported.push(`${rule}: ${message}`) });
    reported.push(...refusedOptions(step, check).map(({ value }) => `option-value: ${String(value)}`));
    expect(reported).toEqual([]);
  });

  it.each(kinds)("a new %s step has placeholder words for the analyst to change", (kind) => {
    const step = startingStep(kind, "new-step");
    expect(step.id).toBe("new-step");
    expect(kindOf(step).heading(step, false).length).toBeGreaterThan(0);
  });
});
