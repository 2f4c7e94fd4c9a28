import path from "node:path";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { loadFlowCorpus } from "../../engine/node/formsFolder";
import { repoRoot } from "../../server/config";
import { currentPeriod } from "../../server/experiments/experimentPeriod";
import { claimDueDeliveries, recordAttempt, requeueDeliveries } from "../../server/storage/deliveriesStore";
import { ensurePeriod, loadExperimentCounts, recordExposure } from "../../server/storage/experimentStore";
import { insertRoutedLead, type BuyerOffer, type NewLead, type RoutedLeadOptions } from "../../server/storage/leadsStore";
import type { Database, DeliveryStatus } from "../../server/storage/schema";
import { databaseForTests, dialects } from "./support/databases";

const businessEnergy = loadFlowCorpus(path.join(repoRoot, "forms")).flows.find((f) => f.id === "business-energy")!;
const DAY1 = new Date("2026-03-04T11:00:00Z");
const DAY2 = new Date("2026-03-05T09:00:00Z");
const LATER = new Date("2026-03-05T12:00:00Z");

const offer = (key: string): BuyerOffer => ({ buyerKey: key, buyerId: key, buyerName: key, dailyCap: 100, firstAttemptAt: DAY1, responseCode: "1" });

/** Stores a visit's lead offered to `buyers` (none: routed to nobody) and returns its id. */
async function leadOf(db: Kysely<Database>, visitId: string, version: number, buyers: string[], n: number): Promise<string> {
  const lead: NewLead = {
    flowId: "business-energy",
    flowVersion: version,
    productType: "businessEnergy",
    serviceType: "business-energy",
    testMode: false,
    responseCode: "1",
    answers: { phone: `020 7946 010${n}`, email: `v${n}@example.com` },
    receivedAt: DAY2,
    visitId,
  };
  const options: RoutedLeadOptions = { exclusive: [], generic: buyers.map(offer), maxGeneric: 3, duplicateWindowMs: 3_600_000, capDay: "2026-03-05", noBuyer: { code: "0", note: "none" }, duplicate: { code: "2", note: "dup" } };
  return (await insertRoutedLead(db, lead, options)).leadId;
}

/** The worker's outcome for each claimed delivery: lead id → buyer → status and price in pence. */
async function settle(db: Kysely<Database>, outcomes: Record<string, Record<string, [DeliveryStatus, number?]>>): Promise<void> {
  for (const row of await claimDueDeliveries(db, { worker: "w", now: LATER, leaseMs: 60_000, limit: 100 })) {
    const [status, pricePence] = outcomes[row.lead_id]?.[row.buyer_key] ?? ["pending"];
    await recordAttempt(db, row, "w", { startedAt: LATER, durationMs: 3, outcome: status }, { status, ...(pricePence ? { pricePence } : {}) }, LATER);
  }
}

describe.each(dialects)("the experiment counts of a hand-made period on %s", (name, open, skipped) => {
  const store = databaseForTests(open, skipped, (s) => s.clear());

  it.skipIf(skipped)(`give accepted leads, pending visits, value in pounds, segments and days (${name})`, async () => {
    const { db } = store;
    const period = currentPeriod(businessEnergy)!;
    await ensurePeriod(db, "business-energy", period, DAY1);
    const visit = (visitId: string, version: number, at: Date, device: "phone" | "tablet" | "desktop", source: string) =>
      recordExposure(db, { flowId: "business-energy", periodId: period.id, visitId, version, at, device, source });
    await visit("a", 1, DAY1, "phone", "google");
    await visit("b", 1, DAY1, "desktop", "direct");
    await visit("c", 1, DAY2, "desktop", "direct");
    await visit("d", 2, DAY2, "tablet", "google");
    await visit("e", 2, DAY2, "phone", "direct");
    await visit("f", 2, DAY2, "phone", "direct");
    const a = await leadOf(db, "a", 1, ["x", "y"], 1);
    const b = await leadOf(db, "b", 1, ["x"], 2);
    await leadOf(db, "c", 1, ["x"], 3);
    await leadOf(db, "d", 2, [], 4); // routed to nobody: settled at once, worth nothing
    const f = await leadOf(db, "f", 2, ["x", "y"], 5);
    await settle(db, { [a]: { x: ["delivered", 2200], y: ["delivered", 1850] }, [b]: { x: ["rejected"] }, [f]: { x: ["delivered", 2200], y: ["dead"] } });
    const settled = (await loadExperimentCounts(db, businessEnergy))!;
    expect(settled.versions["2"]).toMatchObject({ exposures: 3, leads: 2, accepted: 1, pending: 0, value: { sum: 22, sumSquares: 484 } });
    // An operator puts f's dead delivery back: f is pending again, and what it added as settled is taken back.
    await requeueDeliveries(db, f, LATER);

    const counts = (await loadExperimentCounts(db, businessEnergy))!;
    expect(counts.versions["1"]).toMatchObject({ exposures: 3, leads: 3, accepted: 1, pending: 1, value: { sum: 40.5, sumSquares: 1640.25 } });
    expect(counts.versions["2"]).toMatchObject({ exposures: 3, leads: 2, accepted: 0, pending: 1, value: { sum: 0, sumSquares: 0 } });
    expect(counts.versions["3"]).toMatchObject({ exposures: 0, leads: 0, accepted: 0, pending: 0 });
    const zero = { accepted: 0, pending: 0, value: { sum: 0, sumSquares: 0 } };
    expect(counts.segments?.device).toEqual({
      phone: { "1": { exposures: 1, leads: 1, accepted: 1, pending: 0, value: { sum: 40.5, sumSquares: 1640.25 } }, "2": { ...zero, exposures: 2, leads: 1, pending: 1 } },
      tablet: { "2": { ...zero, exposures: 1, leads: 1 } },
      desktop: { "1": { ...zero, exposures: 2, leads: 2, pending: 1 } },
    });
    expect(Object.keys(counts.segments?.source ?? {}).sort()).toEqual(["direct", "google"]);
    expect(counts.segments?.source.google?.["2"]).toEqual({ ...zero, exposures: 1, leads: 1 });
    expect(counts.days?.map((d) => d.day)).toEqual(["2026-03-04", "2026-03-05"]);
    expect(counts.days?.[0]?.versions).toEqual({ "1": { exposures: 2, leads: 2, accepted: 1, pending: 0, value: { sum: 40.5, sumSquares: 1640.25 } } });
    expect(counts.days?.[1]?.versions["1"]).toEqual({ ...zero, exposures: 1, leads: 1, pending: 1 });
    expect(counts.decideOn).toBe(businessEnergy.decideOn);
    expect(counts.guardrails).toEqual(businessEnergy.guardrails);
  });
});
