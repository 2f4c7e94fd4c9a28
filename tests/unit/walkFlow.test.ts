import { describe, expect, it } from "vitest";
import { checkFlow } from "../../engine/core/checkFlow";
import { createSchemaCheck } from "../../engine/node/validation";
import { chooserFlow } from "../fixtures/chooserFlow";
import { utilityStep } from "../fixtures/twoBranchFlow";
import type { Answers, FlowDocument } from "../../engine/core/types";
import {
  advance,
  goBack,
  nextMove,
  pathTo,
  resolveNextTarget,
  startWalk,
  stepById,
  stepCount,
  stepsAhead,
  type WalkState,
} from "../../engine/core/walkFlow";
import { loadFlow } from "../fixtures/forms";

const versions = [
  ["v1", loadFlow("business-energy", 1)],
  ["v2", loadFlow("business-energy", 2)],
] as const;

/** The state after walking from the start through these step ids (the last is where the visitor is). */
function walkTo(flow: FlowDocument, ...stepIds: string[]): WalkState {
  return stepIds.reduce(advance, startWalk(flow));
}

/** The path a visitor takes by pressing Next from the start until the flow ends. */
function pathFor(flow: FlowDocument, answers: Answers): string[] {
  const path = [flow.start];
  for (let move = nextMove(stepById(flow, flow.start), answers); move.type === "step"; ) {
    path.push(move.stepId);
    move = nextMove(stepById(flow, move.stepId), answers);
  }
  return path;
}

describe.each(versions)("business energy %s", (_version, flow) => {
  it("moves from the fuel question to the spend question by its plain next id", () => {
    expect(nextMove(stepById(flow, "utility"), { utility: "gas" })).toEqual({ type: "step", stepId: "spend" });
  });

  it.each([
    ["gas", "contract"],
    ["electricity", "meter"],
    ["both", "meter"],
  ] as const)("after the spend question sends a %s lead to %j", (utility, stepId) => {
    expect(nextMove(stepById(flow, "spend"), { utility, spendString: "below1000" })).toEqual({ type: "step", stepId });
  });

  it("asks about the meter when the fuel is not known yet (the fallback rule)", () => {
    expect(resolveNextTarget(stepById(flow, "spend"), {})).toBe("meter");
  });

  it("routes a gas-only lead past the meter step all the way to the end", () => {
    expect(pathFor(flow, { utility: "gas" })).not.toContain("meter");
    expect(pathFor(flow, { utility: "electricity" })).toContain("meter");
    expect(pathFor(flow, { utility: "gas" }).at(-1)).toBe("done");
  });

  it("goes nowhere after the success step", () => {
    expect(nextMove(stepById(flow, "done"), { utility: "gas" })).toEqual({ type: "end" });
  });

  it("counts the steps ahead by the answers given: the meter step only for electricity", () => {
    const ahead = (answers: Answers) => stepsAhead(flow, "spend", answers).map((s) => s.id);
    expect(ahead({ utility: "gas" })).toEqual(["spend", "contract", "supplier", ...tail(flow)]);
    expect(ahead({ utility: "electricity" })).toEqual(["spend", "meter", "contract", "supplier", ...tail(flow)]);
  });

  it("numbers each question of the path from 1, out of the questions on it, the success step not counted", () => {
    const answers: Answers = { utility: "electricity" };
    const path = pathFor(flow, answers);
    const questions = path.filter((id) => stepById(flow, id).kind !== "success");
    const counts = questions.map((_, i) => stepCount(flow, walkTo(flow, ...questions.slice(1, i + 1)), answers));
    expect(counts).toEqual(questions.map((_, i) => ({ number: i + 1, total: questions.length })));
  });

  it("counts one question fewer for a gas lead at the spend step, as it skips the meter", () => {
    const path = pathFor(flow, { utility: "gas" });
    const atSpend = walkTo(flow, ...path.slice(1, path.indexOf("spend") + 1));
    expect(atSpend.stepId).toBe("spend");
    expect(stepCount(flow, atSpend, { utility: "gas" })).toEqual({ number: atSpend.history.length + 1, total: stepCount(flow, atSpend, { utility: "electricity" }).total - 1 });
  });
});

/** The steps after the supplier question: where v1 and v2 differ. */
function tail(flow: FlowDocument): string[] {
  return flow.version === 1 ? ["address", "contact", "done"] : ["business", "contact", "done"];
}

describe("Back", () => {
  const flow = loadFlow("business-energy", 1);

  it("returns to the steps visited, one at a time, in reverse", () => {
    const atContract = walkTo(flow, "spend", "meter", "contract");
    const back1 = goBack(atContract);
    expect(back1).toEqual({ stepId: "meter", history: ["utility", "spend"] });
    const back2 = goBack(back1);
    expect(back2).toEqual({ stepId: "spend", history: ["utility"] });
    expect(goBack(back2)).toEqual({ stepId: "utility", history: [] });
  });

  it("returns a gas lead from the contract step to spend, not to the meter step it skipped", () => {
    expect(goBack(walkTo(flow, "spend", "contract")).stepId).toBe("spend");
  });

  it("stays put at the start", () => {
    const start = startWalk(flow);
    expect(goBack(start)).toEqual({ stepId: "utility", history: [] });
  });

  it("counts one step back when the visitor goes back", () => {
    const answers: Answers = { utility: "electricity" };
    const atMeter = walkTo(flow, "spend", "meter");
    expect(stepCount(flow, goBack(atMeter), answers).number).toBe(stepCount(flow, atMeter, answers).number - 1);
  });
});

describe("a jump to another flow", () => {
  const chooser = checkFlow(
    createSchemaCheck(),
    chooserFlow(
      "utility",
      [
        { ...utilityStep, next: "done" },
        { id: "done", kind: "success" },
      ],
      { serviceType: "business-energy" },
    ),
    "tests/unit/walkFlow.test.ts: chooser",
    { knownFlows: new Set(["business-energy", "business-water"]) },
  );

  it("leaves the chooser for the water flow when water is picked", () => {
    expect(nextMove(stepById(chooser, "service"), { serviceType: "business-water" })).toEqual({
      type: "flow",
      flowId: "business-water",
    });
  });

  it("stays in the chooser when energy is picked", () => {
    expect(nextMove(stepById(chooser, "service"), { serviceType: "business-energy" })).toEqual({
      type: "step",
      stepId: "utility",
    });
  });

  it("counts no steps of this flow beyond a jump to another", () => {
    expect(stepsAhead(chooser, "service", { serviceType: "business-water" }).map((s) => s.id)).toEqual(["service"]);
    expect(stepsAhead(chooser, "service", { serviceType: "business-energy" }).map((s) => s.id)).toEqual([
      "service",
      "utility",
      "done",
    ]);
  });
});

describe("stepById", () => {
  it("names the flow file and the step it cannot find", () => {
    expect(() => stepById(loadFlow("business-energy", 2), "meters")).toThrow(
      'forms/business-energy/v2.json: no step "meters"',
    );
  });
});

describe("pathTo", () => {
  const water = loadFlow("business-water", 1);

  it("names the steps from the flow's start to a step, so the third step counts as Step 3", () => {
    const path = pathTo(water, "supplier");

    expect(path).toEqual(["sites", "spend"]);
    expect(stepCount(water, { stepId: "supplier", history: path }, {}).number).toBe(3);
  });

  it("is empty for the start and for a step nothing leads to", () => {
    const orphan: FlowDocument = { ...water, steps: [...water.steps, { ...water.steps[0]!, id: "orphan" }] };

    expect(pathTo(water, "sites")).toEqual([]);
    expect(pathTo(orphan, "orphan")).toEqual([]);
  });
});
