/**
 * SPEC §3 and §5 end to end: a lead posted through every version of every flow reaches its buyer with the spec's
 * productType, serviceType and spend. The real flows and the real buyers file, with every buyer's webhook on
 * this machine.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextMove, stepById } from "../../engine/core/walkFlow";
import type { Answers, FlowDocument, Step } from "../../engine/core/types";
import type { Buyer, BuyersFile } from "../../schemas/generated/buyers";
import { loadAllFlows } from "../fixtures/forms";
import { eventually } from "../server/support/eventually";
import { TEST_SECRETS, writeBuyersFile } from "../server/support/pipelineFixtures";
import { startReceiver, type Receiver } from "../server/support/receiver";
import { makeTempDir, removeTempDir, startTestServer, type TestServer } from "../server/testServer";
import { PRODUCT_TYPES, SERVICE_TYPES, expectedSpend } from "./specEnumerations";

/** Each flow's product and service type, as the project's docs decide them from the spec's lists. */
const FLOW_TYPES: Record<string, readonly [productType: string, serviceType: string]> = {
  "business-energy": ["businessEnergy", "business-energy"],
  "business-energy-generators": ["businessGenerators", "business-energy-generators"],
  "business-solar": ["businessSolar", "business-solar"],
  "business-credit-cards": ["businessCreditCards", "business-loans"],
  "business-broadband": ["businessBroadband", "business-broadband"],
  "business-water": ["businessWater", "business-water"],
  "business-waste": ["businessWaste", "business-waste"],
  "business-insurance": ["businessInsurance", "business-insurance"],
  "take-card-payments": ["businessPayments", "take-card-payments"],
  "take-card-payments-barclaycard": ["businessPaymentsBarclaycard", "take-card-payments"],
  "home-energy": ["homeEnergy", "home-energy"],
  "home-energy-generators": ["homeGenerators", "home-generators"],
  "home-broadband": ["homeBroadband", "home-broadband"],
  "home-water": ["homeWater", "home-water"],
  "home-payments": ["businessPayments", "take-card-payments"],
  "home-waste": ["homeWaste", "home-waste"],
  "home-solar": ["homeSolar", "home-solar"],
  "home-insurance": ["homeInsurance", "home-insurance"],
};

const leadFlows = loadAllFlows().filter(([, flow]) => flow.productType !== "chooseProduct");

/** A visitor's answers along the flow to its submit step: first options, the second spend band, a typed address. */
function answersThrough(flow: FlowDocument, index: number): Answers {
  const answers: Record<string, unknown> = {};
  let step: Step = stepById(flow, flow.start);
  for (let guard = 0; guard < 30; guard++) {
    Object.assign(answers, answersFor(step, index));
    if ("submit" in step && step.submit) return answers as Answers;
    const move = nextMove(step, answers as Answers);
    if (move.type !== "step") break;
    step = stepById(flow, move.stepId);
  }
  throw new Error(`${flow.id} v${flow.version}: no submit step on the first options' path`);
}

function answersFor(step: Step, index: number): Record<string, unknown> {
  const contact: Record<string, string> = {
    businessName: "Example Trading Ltd",
    customerName: "Alex Example",
    phone: `020 7946 0${String(100 + index).padStart(3, "0")}`,
    email: `alex${index}@example.com`,
    postcode: "LS1 4DY",
  };
  switch (step.kind) {
    case "radio":
      return { [step.field]: step.options[step.field === "spendString" ? 1 : 0]!.value };
    case "checkbox":
      return { [step.field]: [step.options[0]!.value] };
    case "full-business-address":
      return { businessAddressManual: true, street: "1 Example Street", townCity: "Leeds", postcode: "LS1 4DY" };
    case "form":
      return Object.fromEntries(step.fields.map((field) => [field, contact[field] ?? "Example"]));
    default:
      return {};
  }
}

let receiver: Receiver;
let server: TestServer;
let dir: string;
let buyerNames: string[];

beforeAll(async () => {
  receiver = await startReceiver();
  dir = await makeTempDir("switchplan-spec-");
  const real = JSON.parse(await readFile(new URL("../../server/config/buyers.json", import.meta.url), "utf8")) as BuyersFile;
  // Every real buyer, taking leads at any hour and delivering to this machine.
  const buyers: Buyer[] = real.buyers.map(({ onlyWhen: _condition, ...buyer }) => ({
    ...buyer,
    takesLeads: "anyTime",
    delivery: { url: `${receiver.url}/leads/${buyer.key}`, secretEnv: "TEST_BUYER_SECRET", hours: "always" },
  }));
  buyerNames = buyers.map((b) => b.name);
  const buyersFile = await writeBuyersFile(dir, buyers, { maxGenericBuyers: real.maxGenericBuyers ?? 3 });
  server = await startTestServer(
    { BUYERS_FILE: buyersFile, OPENING_HOURS: "always", DUPLICATE_WINDOW_HOURS: "0", RATE_LIMIT_MAX: "10000" },
    false,
    { secrets: TEST_SECRETS, deliveryWorker: true },
  );
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
  await removeTempDir(dir);
});

describe("a lead through each flow", () => {
  it.each(leadFlows.map(([file, flow], index) => [file, flow, index] as const))(
    "%s reaches its buyer with the spec's productType, serviceType and spend",
    async (_file, flow, index) => {
      const answers = answersThrough(flow, index);
      const submit = flow.steps.find((s) => s.kind === "form" && s.submit);
      const response = await server.app.inject({
        method: "POST",
        url: "/api/leads",
        payload: {
          flowId: flow.id,
          version: flow.version,
          answers,
          contactConsent: { wording: submit?.kind === "form" ? submit.consentText : "Agreed", buyers: buyerNames },
        },
      });
      const { leadId, code } = response.json<{ leadId: string; code: string }>();
      expect(["1", "5", "6", "7", "8", "9", "10"]).toContain(code);

      const [delivered] = await eventually(
        async () => receiver.received.filter((r) => r.body.leadId === leadId),
        (found) => found.length > 0,
      );
      const [productType, serviceType] = FLOW_TYPES[flow.id]!;
      expect(delivered!.body).toMatchObject({ productType, serviceType });
      expect(PRODUCT_TYPES).toContain(delivered!.body.productType);
      expect(SERVICE_TYPES).toContain(delivered!.body.serviceType);
      const spendString = (answers as { spendString?: string }).spendString;
      if (spendString !== undefined) expect(delivered!.body.lead).toMatchObject({ spendString, spend: expectedSpend(spendString) });
      else expect(delivered!.body.lead).not.toHaveProperty("spend");
    },
  );
});
