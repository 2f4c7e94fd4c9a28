// @vitest-environment jsdom
/**
 * The page's script sending a lead: one submission key per quote, sent again with every try of the same answers (a
 * network failure lost the server's answer), and a new one once the server refuses the key for other answers (409).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFlowServices } from "../../../site/quote/flowServices";
import { businessEnergyV1 } from "../react/flowHarness";

const answers = {
  utility: "both",
  spendString: "between1000And5000",
  hasHalfHourlyMeter: "no",
  contractExpiry: "within3Months",
  currentSupplier: "edf",
  businessName: "Brightwell Print Studio",
  customerName: "Jane Q. Smith",
  phone: "0113 496 0000",
  email: "jane.smith@example.com",
} as const;

const REFUSED = { code: "3", message: "This quote was already sent with other details." };

/** The page's services over a server that answers each lead post in turn (a thrown error is a network failure); the keys it was sent. */
function servicesAnswering(answersInTurn: Array<{ status: number; body: object } | "network failure">) {
  const keys: string[] = [];
  const stepTimes: Array<Record<string, number>> = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    if (url === "/api/start-token") return Response.json({ token: "signed", minFillMs: 0 });
    const sent = JSON.parse(String(init!.body)) as { submissionKey: string; answeredMsBefore: Record<string, number> };
    keys.push(sent.submissionKey);
    stepTimes.push(sent.answeredMsBefore);
    const next = answersInTurn.shift()!;
    if (next === "network failure") throw new TypeError("Failed to fetch");
    return Response.json(next.body, { status: next.status });
  });
  const services = createFlowServices(() => ({ testMode: false }), () => undefined, () => undefined, { partners: ["Bionic"] });
  return { services, keys, stepTimes };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the quote page sending its lead", () => {
  it("sends the same key again after a network failure, shows the server's refusal of it for changed details, and sends the next try with a new key", async () => {
    const { services, keys } = servicesAnswering(["network failure", { status: 409, body: REFUSED }, { status: 200, body: { code: "1", leadId: "second" } }]);

    await expect(services.submitLead(businessEnergyV1, answers)).rejects.toThrow();
    const refused = await services.submitLead(businessEnergyV1, { ...answers, phone: "0113 496 0999" });
    const sentAgain = await services.submitLead(businessEnergyV1, { ...answers, phone: "0113 496 0999" });

    expect([refused, sentAgain]).toEqual([REFUSED, { code: "1", leadId: "second" }]);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it("sends how long before each try each step was answered, measured afresh for a retry", async () => {
    const { services, stepTimes } = servicesAnswering(["network failure", { status: 200, body: { code: "1", leadId: "sent" } }]);
    const now = performance.now();
    const answeredAt = { utility: now - 40_000, spend: now - 30_000, contact: now, old: now - 90_000_000 };

    await expect(services.submitLead(businessEnergyV1, answers, answeredAt)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await services.submitLead(businessEnergyV1, answers, answeredAt);

    const [first, retry] = stepTimes as [Record<string, number>, Record<string, number>];
    // Whole milliseconds; a step answered longer ago than a start token lives is left out, not sent to be refused.
    expect(Object.keys(first)).toEqual(["utility", "spend", "contact"]);
    expect(first.utility).toBeGreaterThanOrEqual(40_000);
    expect(Math.abs(first.utility! - first.spend! - 10_000)).toBeLessThanOrEqual(1);
    expect(Number.isInteger(first.contact)).toBe(true);
    expect(retry.contact! - first.contact!).toBeGreaterThanOrEqual(25);
  });
});
