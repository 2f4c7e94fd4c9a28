import { describe, expect, it } from "vitest";
import { lintFlow } from "../../engine/core/lintFlow";
import type { FlowDocument, Step } from "../../engine/core/types";
import { createSchemaCheck } from "../../engine/node/validation";
import { inStudioWords } from "../../engine/studio/studioWords";
import { loadAllFlows, loadFlow } from "../fixtures/forms";

const check = createSchemaCheck();
const file = "forms/business-energy/v1.json";
const QUESTION = "Where should we send your quotes?";
const GAS_WAY = "utility → spend → contract → supplier → address → contact";

/** Business energy v1 with each named step changed; `added` steps go before the success page. */
function energyWith(changes: Record<string, Partial<Step>>, added: Step[] = []): FlowDocument {
  const energy = loadFlow("business-energy", 1);
  const steps = energy.steps.map((s) => ({ ...s, ...changes[s.id] }) as Step);
  return { ...energy, steps: [...steps.slice(0, -1), ...added, steps.at(-1)!] };
}

const unsellable = (flow: FlowDocument, name = file) => lintFlow(flow, name, check).filter((f) => f.rule === "unsellable-lead");

describe("a lead that partners cannot buy", () => {
  it("stops a sending step that asks for the business's and the visitor's names only, in the studio's words", () => {
    const found = unsellable(energyWith({ contact: { fields: ["businessName", "customerName"] } }));

    expect(found).toEqual([
      {
        severity: "error",
        rule: "unsellable-lead",
        file,
        step: "contact",
        message: `the lead sent at "${QUESTION}" can go without Phone number (phone) and Email (email) on the way ${GAS_WAY}, so no partner could reach the visitor to buy it`,
        fix: `add Phone number (phone) and Email (email) to the fields of "${QUESTION}" (or of a step before it on that way), and keep them out of "Fields that may be left empty": a lead needs Full name (customerName), Phone number (phone) and Email (email) to be sold`,
      },
    ]);
    expect(inStudioWords(found[0]!)).toEqual(found[0]);
    expect(`${found[0]!.message} ${found[0]!.fix}`).not.toMatch(/\.json|"submit"|npm|#\//);
  });

  it("counts a field asked on an earlier step of the way", () => {
    const reach: Step = { id: "reach", kind: "form", question: "How can partners reach you?", fields: ["phone", "email"], next: "contact" };

    expect(unsellable(energyWith({ address: { next: "reach" }, contact: { fields: ["businessName", "customerName"] } }, [reach]))).toEqual([]);
  });

  it("names the way that misses a field asked on another branch only", () => {
    const call: Step = { id: "call", kind: "form", question: "What number should partners call?", fields: ["phone"], next: "contract" };

    const found = unsellable(energyWith({ meter: { next: "call" }, contact: { fields: ["customerName", "email"] } }, [call]));

    expect(found.map((f) => f.message)).toEqual([`the lead sent at "${QUESTION}" can go without Phone number (phone) on the way ${GAS_WAY}, so no partner could reach the visitor to buy it`]);
  });

  it("does not count a field the visitor may leave empty", () => {
    const found = unsellable(energyWith({ contact: { optional: ["email"] } }));

    expect(found.map((f) => f.message)).toEqual([expect.stringContaining("can go without Email (email) on the way")]);
  });

  it("wants the full name, which the lead's first and last names are made from", () => {
    const found = unsellable(energyWith({ contact: { fields: ["businessName", "firstName", "lastName", "phone", "email"] } }));

    expect(found.map((f) => f.message)).toEqual([expect.stringContaining("can go without Full name (customerName) on the way")]);
  });

  it("finds every flow in forms/ sellable", () => {
    expect(loadAllFlows().flatMap(([name, flow]) => unsellable(flow, name))).toEqual([]);
  });
});
