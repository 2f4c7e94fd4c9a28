import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { createAjv, createSchemaCheck } from "../../engine/node/validation";
import { replayFlow } from "../../engine/core/replayFlow";
import { type Answers, type FieldKey, type FlowDocument, type Step } from "../../engine/core/types";
import { kindOf } from "../../engine/core/kinds/registry";
import { nextMove, stepById } from "../../engine/core/walkFlow";
import { loadAllFlows, loadFlow } from "../fixtures/forms";
import { expectedSpend } from "../spec/specEnumerations";

/** One way through a flow: the steps a visitor sees, what they answer, and where it ends. */
interface FlowPath {
  steps: string[];
  answers: Answers;
  submitSteps: string[];
  end: { type: "success" } | { type: "flow"; flowId: string } | { type: "end" } | { type: "loop"; stepId: string };
}

/** Valid answers for each field a form step may ask, as a visitor would type them. */
const FORM_SAMPLES: Partial<Record<FieldKey, unknown>> = {
  businessName: "Brightwell Print Studio Ltd",
  customerName: "Mary Jane Smith",
  phone: "0113 496 0000",
  email: "mary@example.com",
};

/** The name split the lead must carry for FORM_SAMPLES.customerName. */
const SAMPLE_NAME_SPLIT = { firstName: "Mary Jane", lastName: "Smith" };

/** An address picked from the postcode lookup, as the address step records it. */
const PICKED_ADDRESS = {
  businessAddressManual: false,
  businessAddress: { id: "demo-ls14dy-1", lines: ["14 Calder Row"], townCity: "Leeds", postcode: "LS1 4DY" },
  street: "14 Calder Row",
  townCity: "Leeds",
  postcode: "LS1 4DY",
} satisfies Answers;

/** An address typed in by hand. */
const MANUAL_ADDRESS = { businessAddressManual: true, street: "1 Park Row", townCity: "Leeds", postcode: "LS1 5HD" } satisfies Answers;

function answer(field: FieldKey, value: unknown): Answers {
  return { [field]: value } as Answers;
}

/** Every answer a visitor may give at a step that changes the way on: each radio option, each checkbox option alone and all of them. */
function answerChoices(step: Step): Answers[] {
  switch (step.kind) {
    case "radio":
      return step.options.map((option) => answer(step.field, option.value));
    case "checkbox": {
      const values = step.options.map((option) => option.value);
      return [...values.map((value) => answer(step.field, [value])), answer(step.field, values)];
    }
    case "form":
      return [
        Object.fromEntries(
          step.fields.map((field) => {
            if (!(field in FORM_SAMPLES)) throw new Error(`step "${step.id}": no sample value for field "${field}" in FORM_SAMPLES`);
            return [field, FORM_SAMPLES[field]];
          }),
        ) as Answers,
      ];
    case "full-business-address":
      return [PICKED_ADDRESS, MANUAL_ADDRESS];
    case "upsell":
    case "mmob":
    case "stickee":
      return [{}];
    case "success":
      return [];
    default:
      // A kind added since: the walk needs to be told what a visitor may answer there.
      throw new Error(`step "${(step as Step).id}": no answers for a ${(step as Step).kind} step in answerChoices`);
  }
}

/** Every path from the start of a flow, pressing Next (or Continue past an upsell, marketplace or deals step) at each step. */
function* everyPath(flow: FlowDocument, stepId = flow.start, before: Omit<FlowPath, "end"> = { steps: [], answers: {}, submitSteps: [] }): Generator<FlowPath> {
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
  for (const patch of answerChoices(step)) {
    const answers = { ...before.answers, ...patch };
    const move = nextMove(step, answers);
    if (move.type === "step") yield* everyPath(flow, move.stepId, { steps, answers, submitSteps });
    else yield { steps, answers, submitSteps, end: move.type === "flow" ? { type: "flow", flowId: move.flowId } : { type: "end" } };
  }
}

const check = createSchemaCheck();
const validateEnvelope = createAjv().getSchema("lead.schema.json")!;

/** What is wrong with one path of a flow that should end in a lead; empty when nothing is. */
function leadPathProblems(flow: FlowDocument, path: FlowPath): string[] {
  const where = `${path.steps.join(" → ")} answering ${JSON.stringify(path.answers)}`;
  if (path.end.type !== "success") return [`${where}: ends in ${JSON.stringify(path.end)}, not a success step`];
  if (path.submitSteps.length !== 1) return [`${where}: passes ${path.submitSteps.length} submit steps, not one`];

  const replay = replayFlow(flow, path.answers, check);
  if (replay.errors.length > 0) return [`${where}: the replay refuses the lead: ${JSON.stringify(replay.errors)}`];
  const problems: string[] = [];
  const expectedPath = path.steps.slice(0, path.steps.indexOf(path.submitSteps[0]!) + 1);
  if (replay.path.join() !== expectedPath.join()) problems.push(`${where}: the replay walks ${replay.path.join(" → ")}`);

  const expectedLead: Answers = { ...path.answers, ...SAMPLE_NAME_SPLIT };
  if (path.answers.spendString !== undefined) expectedLead.spend = expectedSpend(path.answers.spendString);
  if (!isDeepStrictEqual(replay.answers, expectedLead)) {
    problems.push(`${where}: the lead is ${JSON.stringify(replay.answers)}, expected ${JSON.stringify(expectedLead)}`);
  }
  if (!validateEnvelope({ flowId: flow.id, version: flow.version, answers: replay.answers })) {
    problems.push(`${where}: the lead envelope is refused: ${JSON.stringify(validateEnvelope.errors)}`);
  }
  return problems;
}

const flows = loadAllFlows();
const leadFlows = flows.filter(([, flow]) => flow.productType !== "chooseProduct");
const chooserFlows = flows.filter(([, flow]) => flow.productType === "chooseProduct");

describe("every path of every flow", () => {
  it.each(leadFlows)("%s: reaches success through exactly one submit step, with a lead the server's replay accepts", (_file, flow) => {
    const paths = [...everyPath(flow)];
    const problems = paths.flatMap((path) => leadPathProblems(flow, path));
    expect(problems.slice(0, 10), `${problems.length} of ${paths.length} paths fail`).toEqual([]);
    // Home energy has thousands of paths, each replayed as the server would: seconds on a quiet machine.
  }, 120_000);

  it.each(leadFlows)("%s: asks every step on some path", (_file, flow) => {
    const visited = new Set([...everyPath(flow)].flatMap((path) => path.steps));
    expect(flow.steps.map((step) => step.id).filter((id) => !visited.has(id))).toEqual([]);
  });

  it.each(chooserFlows)("%s: sends each service chosen into that service's flow, asking for no lead itself", (_file, chooser) => {
    const serviceOf = new Map(leadFlows.map(([, flow]) => [flow.id, flow.serviceType]));
    for (const path of everyPath(chooser)) {
      expect(path.submitSteps).toEqual([]);
      expect(path.end.type).toBe("flow");
      const flowId = path.end.type === "flow" ? path.end.flowId : "";
      expect(serviceOf.get(flowId), `${path.steps.join(" → ")} jumps to "${flowId}"`).toBe(path.answers.serviceType);
    }
  });

  it.each(chooserFlows)("%s: offers every service that has a flow", (_file, chooser) => {
    const offered = [...everyPath(chooser)].map((path) => path.answers.serviceType).sort();
    const services = [...new Set(leadFlows.map(([, flow]) => flow.serviceType))].sort();
    expect(offered).toEqual(services);
  });
});

describe("the path walk itself", () => {
  const flow = loadFlow("business-energy", 1);

  it("routes a gas lead past the meter step and an electricity lead through it", () => {
    const paths = [...everyPath(flow)];
    expect(paths.filter((p) => p.answers.utility === "gas").every((p) => !p.steps.includes("meter"))).toBe(true);
    expect(paths.filter((p) => p.answers.utility === "electricity").every((p) => p.steps.includes("meter"))).toBe(true);
  });

  it("branches over every option and both address kinds", () => {
    // utility 3 × spend 4 × contract 6 × supplier 10 × address 2, with the meter's 3 only off the gas path
    expect([...everyPath(flow)]).toHaveLength((1 + 2 * 3) * 4 * 6 * 10 * 2);
  });

  it("reports a lead with a wrong derived field", () => {
    const path = [...everyPath(flow)][0]!;
    const wrong = { ...path, answers: { ...path.answers, customerName: "Smith" } };
    expect(leadPathProblems(flow, wrong)).toEqual([expect.stringContaining("the lead is")]);
  });
});
