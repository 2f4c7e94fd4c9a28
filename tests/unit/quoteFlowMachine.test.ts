import { describe, expect, it } from "vitest";
import { checkFlow } from "../../engine/core/checkFlow";
import { SOMETHING_WENT_WRONG } from "../../engine/core/messages";
import { initialState, transition, type QuoteFlowEffect, type QuoteFlowInput, type QuoteFlowState } from "../../engine/core/quoteFlow";
import { HISTORY_KEY, type HistoryEntry } from "../../engine/core/quoteFlowHistory";
import { createSchemaCheck } from "../../engine/node/validation";
import type { LeadResponse } from "../../schemas/generated/lead";
import leadSchema from "../../schemas/lead.schema.json";
import { utilityStep } from "../fixtures/twoBranchFlow";

/** A chooser that can jump to water, then two branches each ending in its own submit step; gas is offered more after. */
const flow = checkFlow(
  createSchemaCheck(),
  {
    id: "machine-test",
    path: "machine-test",
    version: 1,
    productType: "test",
    serviceType: "business-energy",
    title: "Machine test",
    start: "service",
    steps: [
      {
        id: "service",
        kind: "radio",
        field: "serviceType",
        question: "What would you like a quote for?",
        options: [{ value: "business-energy", label: "Energy" }, { value: "business-water", label: "Water" }],
        next: [{ when: { "==": [{ var: "serviceType" }, "business-water"] }, to: { flow: "business-water" } }, { to: "utility" }],
      },
      utilityStep,
      { id: "contact", kind: "form", question: "Who should we call?", fields: ["customerName", "phone"], submit: true, consentText: "Electricity wording.", next: "done" },
      { id: "gasContact", kind: "form", question: "Who should we call about gas?", fields: ["customerName", "phone"], submit: true, consentText: "Gas wording.", next: "more" },
      { id: "more", kind: "upsell", question: "Can we help with anything else?", services: [{ flow: "business-water", label: "Water" }], next: "done" },
      { id: "done", kind: "success" },
    ],
  },
  "tests/unit/quoteFlowMachine.test.ts",
);

const contact = { customerName: "Sam Okafor", phone: "020 7946 0000" };
const historyState = (entry: Partial<HistoryEntry>) => ({ idx: 3, [HISTORY_KEY]: { flowId: flow.id, version: 1, history: [], index: 0, ...entry } });

/** The state after these inputs from a freshly opened flow, and what the last one asked for. */
function run(inputs: QuoteFlowInput[], start: QuoteFlowState = initialState(flow)) {
  let state = transition(start, { type: "open", historyState: null }).state;
  let effects: QuoteFlowEffect[] = [];
  for (const input of inputs) ({ state, effects } = transition(state, input));
  return { state, effects };
}

const toElectricityContact: QuoteFlowInput[] = [
  { type: "next", patch: { serviceType: "business-energy" } },
  { type: "next", patch: { utility: "electricity" } },
];
const toGasContact: QuoteFlowInput[] = [
  { type: "next", patch: { serviceType: "business-energy" } },
  { type: "next", patch: { utility: "gas" } },
];
const submitAt = (inputs: QuoteFlowInput[]): QuoteFlowInput[] => [...inputs, { type: "next", patch: contact }];
const answered = (result?: LeadResponse): QuoteFlowInput => (result ? { type: "submitted", result } : { type: "submitted" });
const tracked = (effects: QuoteFlowEffect[]) => effects.flatMap((e) => (e.type === "track" ? [e.event] : []));

describe("the quote flow's transitions", () => {
  it.each<{ name: string; inputs: QuoteFlowInput[]; stepId: string; effects: Array<Record<string, unknown>>; busy?: boolean }>([
    {
      name: "a question moves on to the step its answer picks, as a new browser entry",
      inputs: toElectricityContact,
      stepId: "contact",
      effects: [{ type: "history", action: "push", entry: { flowId: flow.id, version: 1, stepId: "contact", history: ["service", "utility"], index: 2 } }, { type: "track" }],
    },
    {
      name: "the submit step on the path sends the lead and waits",
      inputs: submitAt(toElectricityContact),
      stepId: "contact",
      busy: true,
      effects: [{ type: "submitLead", answers: { serviceType: "business-energy", utility: "electricity", ...contact } }],
    },
    {
      name: "the other branch's submit step sends the lead too",
      inputs: submitAt(toGasContact),
      stepId: "gasContact",
      busy: true,
      effects: [{ type: "submitLead", answers: { serviceType: "business-energy", utility: "gas", ...contact } }],
    },
    {
      name: "an answer that jumps to another flow starts it, with this step's answer for its Back",
      inputs: [{ type: "next", patch: { serviceType: "business-water" } }],
      stepId: "service",
      effects: [
        { type: "track", event: { type: "start" } },
        { type: "track", event: { type: "serviceTypeChosen", serviceType: "business-water" } },
        { type: "startFlow", flowId: "business-water", answers: { serviceType: "business-water" }, from: { flowId: flow.id, answers: { serviceType: "business-water" } } },
      ],
    },
    {
      name: "an upsell after the lead hands over the visitor's details and nothing about this service",
      inputs: [...submitAt(toGasContact), answered({ code: "1" }), { type: "switchService", flowId: "business-water" }],
      stepId: "more",
      effects: [{ type: "startFlow", flowId: "business-water", answers: { ...contact, upsell: undefined } }],
    },
    {
      name: "Back asks the browser to go back when this flow wrote the entry before",
      inputs: [...toElectricityContact, { type: "back", historyState: historyState({ stepId: "contact", history: ["service", "utility"], index: 2 }) }],
      stepId: "contact",
      effects: [{ type: "historyGo", delta: -1 }],
    },
    {
      name: "Back goes back in place on an entry the page wrote over this flow's (its skip link's)",
      inputs: [...toElectricityContact, { type: "back", historyState: null }],
      stepId: "utility",
      effects: [{ type: "history", action: "replace", entry: { stepId: "utility", index: 2 } }, { type: "track" }],
    },
  ])("$name", ({ inputs, stepId, effects, busy = false }) => {
    const { state, effects: got } = run(inputs);
    expect(state.walk.stepId).toBe(stepId);
    expect(state.busy).toBe(busy);
    expect(got).toHaveLength(effects.length);
    effects.forEach((effect, i) => expect(got[i]).toMatchObject(effect));
  });
});

describe("answers given after the flow is on screen", () => {
  it("join beneath the visitor's own, where the flow stands, and nothing is tracked", () => {
    const tapped = run([{ type: "change", patch: { serviceType: "business-water" } }]);
    const { state, effects } = transition(tapped.state, { type: "prefill", answers: { serviceType: "business-energy", postcode: "SW1A 1AA" } });
    expect(state.walk).toEqual(tapped.state.walk);
    expect(state.answers).toEqual({ serviceType: "business-water", postcode: "SW1A 1AA" });
    expect(effects).toEqual([]);
  });
});

describe("the lead endpoint's answer", () => {
  const failed = new Set(leadSchema.definitions.failedResponseCode.enum);
  const codes = leadSchema.definitions.responseCode.enum as LeadResponse["code"][];

  it.each(codes.filter((code) => !failed.has(code)))("takes code %s as the lead in: success, with the answer kept and tracking told", (code) => {
    const { state, effects } = run([...submitAt(toElectricityContact), answered({ code, leadId: "lead-1" })]);
    expect(state.walk.stepId).toBe("done");
    expect(state.result).toEqual({ code, leadId: "lead-1" });
    expect(tracked(effects).map((e) => e.type)).toEqual(["submit", "leadSuccess", "step"]);
    expect(effects.find((e) => e.type === "history")).toMatchObject({ action: "push", entry: { stepId: "done", leadIn: true } });
  });

  it.each([
    ["a duplicate (2)", { code: "2" as const }, "done"],
    ["errors on this step (3)", { code: "3" as const, errors: [{ field: "phone", step: "contact", message: "Phone number is invalid" }] }, "contact"],
  ])("routes %s", (_, result, stepId) => {
    expect(run([...submitAt(toElectricityContact), answered(result)]).state.walk.stepId).toBe(stepId);
  });

  it.each<[string, LeadResponse | undefined, string, string]>([
    ["a failure with its message (4)", { code: "4", message: "We could not take your request." }, "We could not take your request.", "4"],
    ["a failure without one (4)", { code: "4" }, SOMETHING_WENT_WRONG, "4"],
    ["a network failure", undefined, SOMETHING_WENT_WRONG, "0"],
  ])("keeps the visitor on the step after %s, with one message in the summary", (_, result, message, code) => {
    const { state, effects } = run([...submitAt(toElectricityContact), answered(result)]);
    expect(state).toMatchObject({ walk: { stepId: "contact" }, busy: false, errors: [{ field: "form", message }], focus: { target: "summary" } });
    expect(tracked(effects)).toEqual([{ type: "submit", code, manualAddress: false, ...(result ? {} : { error: "network" }) }]);
  });

  it("returns to an earlier step the server found a problem with, showing only that step's errors", () => {
    const errors = [{ field: "utility", step: "utility", message: "Utility is invalid" }, { field: "phone", step: "contact", message: "Phone number is invalid" }];
    const { state, effects } = run([...submitAt(toElectricityContact), answered({ code: "3", errors })]);
    expect(state).toMatchObject({ walk: { stepId: "utility", history: ["service"] }, errors: [errors[0]], focus: { target: "summary" } });
    expect(effects.find((e) => e.type === "history")).toMatchObject({ action: "push", entry: { stepId: "utility" } });
    expect(tracked(effects)[0]).toEqual({ type: "submit", code: "3", error: "utility,phone", manualAddress: false });
  });
});

describe("Back", () => {
  it("goes back in place where the browser has no entry for the step before (a start past answered questions)", () => {
    const resumed = initialState(flow, {}, { stepId: "contact", history: ["service", "utility"], answers: {} });
    const { state, effects } = run([{ type: "back", historyState: null }], resumed);
    expect(state.walk).toEqual({ stepId: "utility", history: ["service"] });
    expect(effects[0]).toMatchObject({ type: "history", action: "replace", entry: { stepId: "utility", index: 0 } });
  });

  it.each([
    ["returns to the flow it was entered from", true, [{ type: "leaveBack" }]],
    ["does nothing without one", false, []],
  ])("on the first step %s", (_, backAtStart, effects) => {
    expect(run([{ type: "back", historyState: null }], initialState(flow, {}, undefined, backAtStart)).effects).toEqual(effects);
  });
});

describe("the browser's Back and Forward", () => {
  it("opens on the browser's entry, in the place of one this flow left there (a reload)", () => {
    const opened = (value: unknown) => transition(initialState(flow), { type: "open", historyState: value }).effects[0];
    expect(opened(null)).toMatchObject({ type: "history", action: "replace", entry: { stepId: "service", index: 0 } });
    expect(opened(historyState({ stepId: "service", index: 4 }))).toMatchObject({ entry: { stepId: "service", index: 4 } });
    expect(opened(historyState({ stepId: "utility", history: ["service"], version: 2, index: 4 }))).toMatchObject({ entry: { stepId: "service", version: 1, index: 4 } });
    expect(opened({ [HISTORY_KEY]: { flowId: "business-water", version: 1, stepId: "service", history: [], index: 4 } })).toMatchObject({ entry: { index: 0 } });
  });

  it("shows the step of the entry the browser returns to, with the answers kept, and Forward again", () => {
    const atContact = run([...toElectricityContact, { type: "change", patch: { customerName: "Sam" } }]).state;
    const back = transition(atContact, { type: "popstate", historyState: historyState({ stepId: "utility", history: ["service"], index: 1 }) });
    expect(back.state).toMatchObject({ walk: { stepId: "utility" }, entryIndex: 1, answers: { utility: "electricity", customerName: "Sam" }, focus: { target: "heading" } });
    expect(tracked(back.effects)).toEqual([{ type: "step", stepId: "utility", history: ["service"], manualAddress: false }]);
    const forward = transition(back.state, { type: "popstate", historyState: historyState({ stepId: "contact", history: ["service", "utility"], index: 2 }) });
    expect(forward.state.walk.stepId).toBe("contact");
  });

  it("after the lead is in, never reopens the steps before it: it leaves the flow from where it began", () => {
    const { state } = run([...submitAt(toElectricityContact), answered({ code: "1" })]);
    const back = transition(state, { type: "popstate", historyState: historyState({ stepId: "contact", history: ["service", "utility"], index: 2 }) });
    expect(back.state.walk.stepId).toBe("done");
    expect(back.effects).toEqual([{ type: "historyGo", delta: -3 }]);
  });

  it.each([
    ["another flow's entry", { [HISTORY_KEY]: { flowId: "business-water", version: 1, stepId: "service", history: [], index: 0 } }],
    ["an entry naming a step this version lacks", historyState({ stepId: "gone", index: 1 })],
    ["an entry the router alone wrote", { idx: 2, key: "abc" }],
  ])("ignores %s", (_, value) => {
    const { state } = run(toElectricityContact);
    expect(transition(state, { type: "popstate", historyState: value })).toEqual({ state, effects: [] });
  });

  it("keeps the submit step while the lead is on its way", () => {
    const { state } = run(submitAt(toElectricityContact));
    const back = transition(state, { type: "popstate", historyState: historyState({ stepId: "utility", history: ["service"], index: 1 }) });
    expect(back.state.walk.stepId).toBe("contact");
    expect(back.effects).toEqual([]);
  });
});
