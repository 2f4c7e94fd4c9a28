import { describe, expect, it } from "vitest";
import { checkFlow } from "../../engine/core/checkFlow";
import { createSchemaCheck } from "../../engine/node/validation";
import { chooserFlow } from "../fixtures/chooserFlow";
import type { FlowDocument } from "../../engine/core/types";
import { walkPastAnswered } from "../../engine/core/walkFlow";
import { initialState } from "../../engine/core/quoteFlow";
import { assignVersion } from "../../server/experiments/assignVersion";
import { isCountedVisit, versionWithoutServer } from "../../site/quote/servedVersion";
import { isTestMode, prefillFromQuery, tappedAnswer } from "../../site/quote/prefill";
import v1 from "../../forms/business-energy/v1.json";

const check = createSchemaCheck();
const energy = checkFlow(check, v1, "forms/business-energy/v1.json");

/** A card-payments-like flow whose first question a landing page can answer, and a chooser that jumps. */
const cards: FlowDocument = {
  id: "take-card-payments",
  path: "take-card-payments",
  version: 1,
  productType: "businessPayments",
  serviceType: "take-card-payments",
  title: "Take card payments",
  start: "accepts",
  steps: [
    { id: "accepts", kind: "radio", field: "currentlyAcceptsCardPayments", question: "Do you currently accept card payments?", options: [{ value: "yes", label: "Yes" }, { value: "no", label: "No" }], next: "address" },
    { id: "address", kind: "full-business-address", question: "What is your business address?", next: "done", submit: true },
    { id: "done", kind: "success" },
  ],
};
const chooser = chooserFlow({ flow: "business-energy" });

describe("a quote page's query", () => {
  it("fills a valid postcode in capitals and ignores one that is not a postcode", () => {
    expect(prefillFromQuery(energy, new URLSearchParams("postcode=ls1 4dy"))).toEqual({ postcode: "LS1 4DY" });
    expect(prefillFromQuery(energy, new URLSearchParams("postcode=<script>"))).toEqual({});
  });

  it("answers the card payments question, but only with one of its options", () => {
    expect(prefillFromQuery(cards, new URLSearchParams("currentlyAcceptsCardPayments=no"))).toEqual({ currentlyAcceptsCardPayments: "no" });
    expect(prefillFromQuery(cards, new URLSearchParams("currentlyAcceptsCardPayments=maybe"))).toEqual({});
    expect(prefillFromQuery(energy, new URLSearchParams("currentlyAcceptsCardPayments=no"))).toEqual({});
  });

  it("takes an option tapped before the page's script ran as the first question's answer, and no later question's", () => {
    expect(tappedAnswer(energy, new URLSearchParams("utility=gas"))).toEqual({ utility: "gas" });
    expect(tappedAnswer(energy, new URLSearchParams("utility=coal"))).toEqual({});
    expect(tappedAnswer(energy, new URLSearchParams("spendString=below1000"))).toEqual({});
    expect(tappedAnswer(energy, new URLSearchParams())).toEqual({});
  });

  it("takes no question's answer from the query but the ones a landing page may give", () => {
    expect(prefillFromQuery(energy, new URLSearchParams("utility=gas"))).toEqual({});
  });

  it.each([
    ["tm=1", true],
    ["tm=", true],
    ["tm=true", true],
    ["tm=0", false],
    ["tm=false", false],
    ["", false],
  ])("treats %j as test mode: %s", (query, expected) => {
    expect(isTestMode(new URLSearchParams(query))).toBe(expected);
  });
});

describe("where a visit starts", () => {
  it("skips a question the landing page already answered, keeping it for Back", () => {
    expect(walkPastAnswered(cards, { currentlyAcceptsCardPayments: "yes" })).toEqual({ stepId: "address", history: ["accepts"] });
  });

  it("preselects the chooser's service but does not leave the page for it", () => {
    expect(walkPastAnswered(chooser, { serviceType: "business-water" })).toEqual({ stepId: "service", history: [] });
  });

  it("resumes where a reload left off, with the answers given", () => {
    const state = initialState(energy, {}, { stepId: "contract", history: ["utility", "spend"], answers: { utility: "gas", spendString: "below1000" } });
    expect(state.walk).toEqual({ stepId: "contract", history: ["utility", "spend"] });
    expect(state.answers).toEqual({ utility: "gas", spendString: "below1000" });
  });

  it("starts afresh when a snapshot names steps this version does not have", () => {
    const state = initialState(energy, { postcode: "LS1 4DY" }, { stepId: "business", history: ["address"], answers: { businessName: "Acme" } });
    expect(state.walk).toEqual({ stepId: "utility", history: [] });
    expect(state.answers).toEqual({ postcode: "LS1 4DY" });
  });
});

describe("assigning a version", () => {
  const weights = { "1": 70, "2": 30, "3": 0 };
  const visits = Array.from({ length: 2000 }, (_, n) => `visit-${n}`);

  it("shares visits by the weights, never giving a version without a share", () => {
    const served = visits.map((visit) => assignVersion(visit, "business-energy", weights, 1));
    const share = (v: number) => served.filter((s) => s === v).length / served.length;
    expect(share(1)).toBeCloseTo(0.7, 1);
    expect(share(2)).toBeCloseTo(0.3, 1);
    expect(share(3)).toBe(0);
  });

  it("gives a visit the same version every time, and decides each flow on its own", () => {
    expect(visits.map((visit) => assignVersion(visit, "business-energy", weights, 1))).toEqual(visits.map((visit) => assignVersion(visit, "business-energy", weights, 1)));
    const energy = visits.map((visit) => assignVersion(visit, "business-energy", { "1": 50, "2": 50 }, 1));
    const water = visits.map((visit) => assignVersion(visit, "business-water", { "1": 50, "2": 50 }, 1));
    const same = energy.filter((v, n) => v === water[n]).length / visits.length;
    expect(same).toBeGreaterThan(0.45);
    expect(same).toBeLessThan(0.55);
  });

  it("falls back when no version has a share", () => {
    expect(assignVersion("visit-1", "business-energy", { "1": 0, "2": 0 }, 2)).toBe(2);
  });
});

describe("the version a page drawn without the server's HTML shows", () => {
  const summary = { id: "business-energy", path: "business-energy", title: "", defaultVersion: 1, weights: { "1": 70, "2": 30 }, versions: [1, 2] };

  it("takes ?v= when it names a version, else the default", () => {
    expect(versionWithoutServer(summary, "?v=2")).toBe(2);
    expect(versionWithoutServer(summary, "?v=9")).toBe(1);
    expect(versionWithoutServer(summary, "")).toBe(1);
  });

  it("counts a visit only when it is no preview and the visitor has not objected", () => {
    expect(isCountedVisit("", false)).toBe(true);
    expect(isCountedVisit("?postcode=LS1%204DY", false)).toBe(true);
    expect(isCountedVisit("?v=2", false)).toBe(false);
    expect(isCountedVisit("", true)).toBe(false);
  });
});

it("checks the fixture flows as the server would", () => {
  expect(() => checkFlow(check, cards, "cards")).not.toThrow();
});
