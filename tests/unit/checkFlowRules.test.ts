import { describe, expect, it } from "vitest";
import { FlowError, checkFlow } from "../../engine/core/checkFlow";
import { createSchemaCheck } from "../../engine/node/validation";
import { flowIds, readJson } from "../fixtures/forms";

const check = createSchemaCheck();
const file = "forms/home-energy/v1.json";

/** home-energy v1 with an upsell step "more" offering these flows, between its submit step and the success page. */
function offering(...flows: string[]): unknown {
  const doc = structuredClone(readJson(file)) as { steps: Array<{ id: string; kind: string; next?: unknown }> };
  const submit = doc.steps.find((step) => step.next === "done")!;
  submit.next = "more";
  doc.steps.push({ id: "more", kind: "upsell", question: "Anything else?", services: flows.map((flow) => ({ flow, label: flow })), next: "done" } as never);
  return doc;
}

function problemsOf(doc: unknown, knownFlows?: ReadonlySet<string>): string[] {
  try {
    checkFlow(check, doc, file, knownFlows ? { knownFlows } : {});
    return [];
  } catch (error) {
    if (error instanceof FlowError) return error.problems;
    throw error;
  }
}

/** The flows of the forms folder. */
const known = new Set(flowIds());

describe("an upsell step", () => {
  it("fails to load when it offers a flow that does not exist, naming the file, step and flow", () => {
    expect(problemsOf(offering("home-broadband", "home-fish"), known)).toEqual([
      `${file}: step "more": upsell offers unknown flow "home-fish"`,
    ]);
  });

  it("loads when every flow it offers exists", () => {
    expect(problemsOf(offering("home-broadband", "home-solar"), known)).toEqual([]);
  });

  it("is not checked against flows when none are given", () => {
    expect(() => checkFlow(check, offering("home-fish"), file)).not.toThrow();
  });
});

describe("a success page's services", () => {
  const offeringAtTheEnd = (...flows: string[]) => {
    const doc = structuredClone(readJson(file)) as { steps: Array<{ kind: string; services?: unknown }> };
    doc.steps.find((step) => step.kind === "success")!.services = flows.map((flow) => ({ flow, label: flow }));
    return doc;
  };

  it("fails to load when one is no flow, naming the file, the step and the flows there are", () => {
    let error: FlowError | undefined;
    try {
      checkFlow(check, offeringAtTheEnd("home-broadband", "home-gold"), file, { knownFlows: known });
    } catch (thrown) {
      error = thrown as FlowError;
    }
    expect(error?.problems).toEqual([`${file}: step "done": the success page offers unknown flow "home-gold"`]);
    expect(error?.findings[0]?.fix).toContain("The flows are the folders under forms/: ");
    expect(error?.findings[0]?.fix).toContain("home-broadband");
  });

  it("loads when every service is a flow with a quote page", () => {
    expect(problemsOf(offeringAtTheEnd("home-broadband", "home-solar"), known)).toEqual([]);
  });
});

describe("a flow's serviceType", () => {
  const withoutService = (file: string) => {
    const { serviceType: _serviceType, ...doc } = readJson(file) as Record<string, unknown>;
    return doc;
  };

  it("is required of every flow that ends in a lead", () => {
    expect(problemsOf(withoutService(file))).toContain(`${file}: missing "serviceType"`);
  });

  it("may be left out by the chooser, which only sends visitors on to other flows", () => {
    expect(() => checkFlow(check, withoutService("forms/quote/v1.json"), "forms/quote/v1.json")).not.toThrow();
  });
});
