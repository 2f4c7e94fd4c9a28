import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createAjv } from "../../engine/node/validation";
import type { FlowDocument, Step, StepOfKind } from "../../engine/core/types";
import dealsSchema from "../../schemas/deals.schema.json";
import type { DealsTable } from "../../schemas/generated/deals";
import { flowFiles, flowIds, loadAllFlows, readJson, repoRoot } from "../fixtures/forms";

const flows = loadAllFlows();
const leadFlows = flows.filter(([, flow]) => flow.productType !== "chooseProduct");

function stepsOfKind<K extends Step["kind"]>(flow: FlowDocument, kind: K): StepOfKind<K>[] {
  return flow.steps.filter((step): step is StepOfKind<K> => step.kind === kind);
}

function submitStep(flow: FlowDocument): Step {
  const submits = flow.steps.filter((step) => "submit" in step && step.submit);
  expect(submits, `${flow.id} v${flow.version} has one submit step`).toHaveLength(1);
  return submits[0]!;
}

const isHome = (flow: FlowDocument) => flow.path.startsWith("home-");

describe("the flow files", () => {
  it.each(flowFiles())("%s points editors at flow.schema.json", (file) => {
    expect((readJson(file) as { $schema?: string }).$schema).toBe("../../schemas/flow.schema.json");
  });
});

describe("the end of every lead flow", () => {
  it.each(leadFlows)("%s: its submit step asks who to contact, with a submit label and consent wording", (_file, flow) => {
    const step = submitStep(flow);
    expect(step.kind).toBe("form");
    if (step.kind !== "form") return;
    expect(step.fields).toEqual(expect.arrayContaining(["customerName", "phone", "email"]));
    const asksBusinessName = stepsOfKind(flow, "form").some((form) => form.fields.includes("businessName"));
    expect(asksBusinessName, "a business flow asks the business name; a home flow does not").toBe(!isHome(flow));
    expect(step.submitLabel).toBeTruthy();
    expect(step.consentText).toMatch(/partners?\b/);
    expect(step.consentText).toContain(`By selecting ${step.submitLabel}`);
  });

  it.each(leadFlows)("%s: ends on the success page, which offers 2 to 4 other flows to switch", (_file, flow) => {
    const submit = submitStep(flow);
    const done = flow.steps.find((s) => "next" in submit && s.id === submit.next);
    expect(done?.kind).toBe("success");
    const services = done?.kind === "success" ? (done.services ?? []) : [];
    expect(services.length).toBeGreaterThanOrEqual(2);
    expect(services.length).toBeLessThanOrEqual(4);
    expect(services.map((s) => s.flow)).not.toContain(flow.id);
    expect(flowIds()).toEqual(expect.arrayContaining(services.map((s) => s.flow)));
  });

  it.each(leadFlows)("%s: asks for the address with the right words for a home or a business", (_file, flow) => {
    const [address] = stepsOfKind(flow, "full-business-address");
    if (isHome(flow)) expect(address?.question).toContain("your address");
    else expect(address).toBeDefined();
  });
});

describe("questions", () => {
  it.each(flows.filter(([, flow]) => flow.path.startsWith("take-card-payments")))(
    "%s: asks first whether the business takes cards now, so ?currentlyAcceptsCardPayments= can answer it",
    (_file, flow) => {
      const first = flow.steps.find((s) => s.id === flow.start);
      expect(first).toMatchObject({ kind: "radio", field: "currentlyAcceptsCardPayments" });
      expect(first?.kind === "radio" && first.options.map((o) => o.value)).toEqual(["yes", "no"]);
    },
  );

  it.each(flows.filter(([, flow]) => stepsOfKind(flow, "mmob").length > 0))(
    "%s: passes the partner marketplace only answers of its own option questions, never contact details",
    (_file, flow) => {
      const optionFields = new Set([...stepsOfKind(flow, "radio"), ...stepsOfKind(flow, "checkbox")].map((s) => s.field));
      for (const step of stepsOfKind(flow, "mmob")) {
        expect(step.url).toMatch(/^https:\/\//);
        expect(step.passFields.filter((field) => !optionFields.has(field))).toEqual([]);
        expect(step.next, "a visitor can still ask for a call back").toBeDefined();
      }
    },
  );
});

describe("deals tables", () => {
  const validate = createAjv().compile(dealsSchema);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const tables = [...new Set(flows.flatMap(([, flow]) => stepsOfKind(flow, "stickee").map((s) => s.deals)))];

  it("include the home broadband deals", () => {
    expect(tables).toContain("home-broadband");
  });

  it.each(tables)("forms/deals/%s.json exists, matches deals.schema.json and has each deal once", (name) => {
    const file = `forms/deals/${name}.json`;
    expect(existsSync(path.join(repoRoot, file)), `${file} is missing`).toBe(true);
    const table = readJson(file);
    expect(validate(table), JSON.stringify(validate.errors)).toBe(true);
    const ids = (table as DealsTable).deals.map((deal) => deal.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(tables)("forms/deals/%s.json still has a deal on offer today", (name) => {
    const { deals } = readJson(`forms/deals/${name}.json`) as DealsTable;
    expect(deals.filter((deal) => deal.expires >= today).length, `every deal has expired by ${today}`).toBeGreaterThan(0);
  });

  it("keep the home broadband offer that ended on 21 September 2023, which must never show", () => {
    const { deals } = readJson("forms/deals/home-broadband.json") as DealsTable;
    expect(deals.some((deal) => deal.expires === "2023-09-21")).toBe(true);
  });
});
