/**
 * Every way through a flow, as a visitor may take it: each answer that can change the way on is tried at every step
 * (each step kind says which, `sampleAnswers`), typed fields given sample values. A publish walks every path of the
 * version this way and replays each to its sending step as the server would take the lead.
 */
import { fieldSchema } from "./fieldLibrary";
import type { Finding } from "./findings";
import { kindOf } from "./kinds/registry";
import { replayFlow } from "./replayFlow";
import type { Answers, FieldKey, FlowDocument, JsonSchema, SchemaCheck } from "./types";
import { nextMove, stepById } from "./walkFlow";

/** One way through a flow: the steps a visitor sees, what they answer, and where it ends. */
export interface FlowPath {
  steps: string[];
  answers: Answers;
  submitSteps: string[];
  end: { type: "success" } | { type: "flow"; flowId: string } | { type: "end" } | { type: "loop"; stepId: string };
}

/** Values a visitor would type, for the fields whose rules a made-up value would not pass. */
export const FORM_SAMPLES: Partial<Record<FieldKey, unknown>> = {
  businessName: "Brightwell Print Studio Ltd",
  customerName: "Mary Jane Smith",
  phone: "0113 496 0000",
  email: "mary@example.com",
  street: "14 Calder Row",
  townCity: "Leeds",
  postcode: "LS1 4DY",
};

/** A value for a field a visitor types: the sample above, else one its rule in the field library allows. */
export function sampleValue(field: FieldKey): unknown {
  return field in FORM_SAMPLES ? FORM_SAMPLES[field] : fromSchema(fieldSchema(field));
}

function fromSchema(schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case "boolean":
      return true;
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? Math.max(schema.minimum, 1) : 1;
    case "array":
      return schema.items ? [fromSchema(schema.items as JsonSchema)] : [];
    default:
      return "Sample answer";
  }
}

/** Every path from the start of a flow, trying each of a step's sample answers in turn. */
export function* everyPath(flow: FlowDocument, stepId = flow.start, before: Omit<FlowPath, "end"> = { steps: [], answers: {}, submitSteps: [] }): Generator<FlowPath> {
  if (before.steps.includes(stepId)) {
    yield { ...before, end: { type: "loop", stepId } };
    return;
  }
  const step = stepById(flow, stepId);
  const steps = [...before.steps, stepId];
  if (kindOf(step).ends) {
    yield { ...before, steps, end: { type: "success" } };
    return;
  }
  const submitSteps = "submit" in step && step.submit ? [...before.submitSteps, stepId] : before.submitSteps;
  for (const patch of kindOf(step).sampleAnswers(step, sampleValue)) {
    const answers = { ...before.answers, ...patch };
    const move = nextMove(step, answers);
    if (move.type === "step") yield* everyPath(flow, move.stepId, { steps, answers, submitSteps });
    else yield { steps, answers, submitSteps, end: move.type === "flow" ? { type: "flow", flowId: move.flowId } : { type: "end" } };
  }
}

/**
 * What is wrong with the ways through a version: a way that ends without sending a lead or handing over to another
 * flow, one that sends none or two, or one whose lead the server's replay refuses. One path per distinct way
 * (the same steps to the same end) is replayed; the first `limit` problems are reported.
 */
export function pathFindings(flow: FlowDocument, file: string, check: SchemaCheck, limit = 5): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const add = (step: string, rule: string, message: string, fix: string) => findings.push({ severity: "error", rule, file, step, message, fix });
  for (const path of everyPath(flow)) {
    if (findings.length >= limit) break;
    const way = `${path.steps.join(">")}|${JSON.stringify(path.end)}`;
    if (seen.has(way)) continue;
    seen.add(way);
    const words = path.steps.join(" → ");
    const last = path.steps[path.steps.length - 1]!;
    if (path.end.type === "flow") {
      if (path.submitSteps.length > 0) add(last, "path-hands-over-after-lead", `the way ${words} sends the lead, then hands over to another flow`, "send the lead on the other flow, or end this way at a success step");
      continue;
    }
    if (path.end.type === "loop") add(last, "path-loops", `the way ${words} comes back to "${path.end.stepId}"`, "point the step's next at a later step");
    else if (path.end.type === "end") add(last, "path-no-end", `the way ${words} stops at "${last}", which has no next step for these answers`, "give the step a next step for every answer");
    else if (path.submitSteps.length !== 1) add(last, "path-sends", `the way ${words} passes ${path.submitSteps.length} steps with "Sends the lead" ticked, not one`, 'tick "Sends the lead" on exactly one step of each way to the success step');
    else {
      const replay = replayFlow(flow, path.answers, check);
      const error = replay.errors[0];
      if (error) add(path.submitSteps[0]!, "path-refused", `a lead sent by the way ${words} would be refused: ${error.message}`, "check the step's fields and the way's conditions");
    }
  }
  return findings;
}
