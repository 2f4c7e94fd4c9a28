import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { createAjv, createSchemaCheck } from "../../engine/node/validation";
import { replayFlow } from "../../engine/core/replayFlow";
import { everyPath, pathFindings, type FlowPath } from "../../engine/core/flowPaths";
import { type Answers, type FlowDocument } from "../../engine/core/types";
import { loadAllFlows, loadFlow } from "../fixtures/forms";
import { expectedSpend } from "../spec/specEnumerations";

/** The name split the lead must carry for FORM_SAMPLES.customerName. */
const SAMPLE_NAME_SPLIT = { firstName: "Mary Jane", lastName: "Smith" };

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

describe("the walk a publish makes", () => {
  it.each(flows)("%s: finds nothing wrong on any way through the flow", (file, flow) => {
    expect(pathFindings(flow, file, check)).toEqual([]);
  }, 120_000);

  it("names a way that sends no lead, in the studio's words", () => {
    const flow = loadFlow("business-energy", 1);
    const unsent = { ...flow, steps: flow.steps.map((s) => ("submit" in s ? { ...s, submit: false } : s)) };
    const [finding] = pathFindings(unsent, "business-energy v1", check);
    expect(finding).toMatchObject({ severity: "error", rule: "path-sends", message: expect.stringContaining('passes 0 steps with "Sends the lead" ticked, not one') });
  });
});
