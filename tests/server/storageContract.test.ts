import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuyerDirectory } from "../../server/buyers/buyerDirectory";
import { loadBuyers } from "../../server/buyers/loadBuyers";
import type { RoutingPlan } from "../../server/buyers/routeLead";
import { claimDueDeliveries, recordAttempt } from "../../server/storage/deliveriesStore";
import { oldestDueSecondsByBuyer, waitingByBuyer } from "../../server/storage/deliveryQueue";
import { eraseContact, isErasedContact } from "../../server/storage/erasureStore";
import { buyerOffers } from "../../server/leads/acceptLead";
import { countLeads, insertRoutedLead, type NewLead, type RoutedLeadOptions, type RoutedLeadResult } from "../../server/storage/leadsStore";
import { findSubscriber, subscribe } from "../../server/storage/newsletterStore";
import { contactColumns } from "../../server/contacts/contactKeys";
import { databaseForTests, dialects } from "./support/databases";
import { energyLead } from "./support/storedLeads";
import { testBuyers, writeBuyersFile } from "./support/pipelineFixtures";
import { makeTempDir, removeTempDir } from "./testServer";

let buyers: BuyerDirectory;
let dir: string;
beforeAll(async () => {
  dir = await makeTempDir();
  buyers = await loadBuyers(await writeBuyersFile(dir, testBuyers("http://127.0.0.1:9").map((b) => (b.key === "waste" ? { ...b, dailyCap: 3 } : b))));
});
afterAll(async () => {
  await removeTempDir(dir);
});

const T0 = new Date("2026-03-04T11:00:00Z");
const HOUR = 3_600_000;

const lead = (n: number, overrides: Partial<NewLead> = {}): NewLead => energyLead(n, T0, { contactConsent: { wording: "Agreed", buyers: ["Daylight Energy", "Second Energy"] }, ...overrides });

const energyPlan = (): RoutingPlan => ({ exclusive: [], generic: [buyers.byKey("day-energy")!, buyers.byKey("second-energy")!], maxGeneric: 3 });
const options = (plan: RoutingPlan = energyPlan(), overrides: Partial<RoutedLeadOptions> = {}): RoutedLeadOptions => ({
  ...buyerOffers(plan, T0),
  duplicateWindowMs: HOUR,
  capDay: "2026-03-04",
  noBuyer: { code: "0", note: "no buyer" },
  duplicate: { code: "2", note: "duplicate" },
  ...overrides,
});
const isRouted = (result: RoutedLeadResult) => result.duplicateOf === undefined;
/** Options whose second delivery row breaks a NOT NULL rule, so the lead's unit fails at its last write. */
const brokenDelivery = (given: RoutedLeadOptions): RoutedLeadOptions => ({
  ...given,
  generic: given.generic.map((offer, i) => (i === 1 ? { ...offer, buyerId: null as unknown as string } : offer)),
});

describe.each(dialects)("the storage contract on %s", (name, open, skipped) => {
  const store = databaseForTests(open, skipped, (store) => store.clear());
  const test = it.skipIf(skipped);
  const rows = (table: "leads" | "deliveries" | "contact_claims" | "buyer_daily_counts") => store.db.selectFrom(table).selectAll().execute();

  test(`stores a lead, its contact claims and one delivery row per buyer together (${name})`, async () => {
    const result = await insertRoutedLead(store.db, lead(1), options());

    expect(result).toMatchObject({ code: "5", buyerKeys: ["day-energy", "second-energy"] });
    expect(await rows("leads")).toHaveLength(1);
    expect((await rows("deliveries")).map((d) => d.buyer_key).sort()).toEqual(["day-energy", "second-energy"]);
    expect(await rows("contact_claims")).toHaveLength(2);
  });

  test(`stores none of them when any part fails (${name})`, async () => {
    await expect(insertRoutedLead(store.db, lead(1), brokenDelivery(options()))).rejects.toThrow(/null|NULL/);

    expect(await countLeads(store.db)).toBe(0);
    expect(await rows("deliveries")).toEqual([]);
    expect(await rows("contact_claims")).toEqual([]);
    expect((await rows("buyer_daily_counts")).filter((c) => Number(c.count) > 0)).toEqual([]);
  });

  test(`fails one of several leads stored at once alone, and keeps the others whole (${name})`, async () => {
    const settled = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => insertRoutedLead(store.db, lead(i), i === 5 ? brokenDelivery(options()) : options())),
    );

    expect(settled.map((s) => s.status)).toEqual(Array.from({ length: 12 }, (_, i) => (i === 5 ? "rejected" : "fulfilled")));
    expect(await countLeads(store.db)).toBe(11);
    expect(await rows("deliveries")).toHaveLength(22);
    expect(await rows("contact_claims")).toHaveLength(22);
    expect((await rows("buyer_daily_counts")).map((c) => c.count)).toEqual([11, 11]);
  });

  test(`lets one of several simultaneous leads with the same phone through, and points the others at it (${name})`, async () => {
    const attempts = Array.from({ length: 6 }, (_, i) => lead(1, { answers: { ...lead(1).answers, email: `other${i}@example.com` } }));

    const results = await Promise.all(attempts.map((l) => insertRoutedLead(store.db, l, options())));

    const routed = results.filter(isRouted);
    expect(routed).toHaveLength(1);
    const winner = routed[0]!.leadId;
    expect(results.filter((r) => !isRouted(r)).map((r) => ({ code: r.code, duplicateOf: r.duplicateOf }))).toEqual(Array.from({ length: 5 }, () => ({ code: "2", duplicateOf: winner })));
    expect(await countLeads(store.db)).toBe(6);
    expect(await rows("deliveries")).toHaveLength(2);
  });

  test(`frees a contact once the duplicate window has passed (${name})`, async () => {
    await insertRoutedLead(store.db, lead(1), options());

    const inside = await insertRoutedLead(store.db, lead(1, { receivedAt: new Date(T0.getTime() + HOUR / 2) }), options());
    const after = await insertRoutedLead(store.db, lead(1, { receivedAt: new Date(T0.getTime() + HOUR + 1) }), options());

    expect(isRouted(inside)).toBe(false);
    expect(isRouted(after)).toBe(true);
  });

  test(`never gives a buyer more leads in a day than its cap, however many arrive at once (${name})`, async () => {
    const wastePlan = { exclusive: [], generic: [buyers.byKey("waste")!], maxGeneric: 3 };
    const burst = Array.from({ length: 8 }, (_, i) => insertRoutedLead(store.db, lead(i, { serviceType: "business-waste" }), options(wastePlan)));

    const results = await Promise.all(burst);

    expect(results.filter((r) => r.buyerKeys.length === 1)).toHaveLength(3);
    expect(results.filter((r) => r.code === "0")).toHaveLength(5);
    const nextDay = await insertRoutedLead(store.db, lead(99, { serviceType: "business-waste" }), options(wastePlan, { capDay: "2026-03-05" }));
    expect(nextDay).toMatchObject({ code: "10", buyerKeys: ["waste"] });
  });

  test(`hands each due delivery to one worker only, however many ask at once (${name})`, async () => {
    for (let i = 0; i < 10; i++) await insertRoutedLead(store.db, lead(i), options());

    const claims = await Promise.all(
      ["w1", "w2", "w3", "w4"].map((worker) => claimDueDeliveries(store.db, { worker, now: T0, leaseMs: 60_000, limit: 8 })),
    );

    const ids = claims.flat().map((d) => d.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });

  test(`gives a row whose worker vanished to another once its lease lapses (${name})`, async () => {
    await insertRoutedLead(store.db, lead(1), options({ exclusive: [buyers.byKey("night-energy")!], generic: [], maxGeneric: 3 }));
    const [taken] = await claimDueDeliveries(store.db, { worker: "crashed", now: T0, leaseMs: 1000, limit: 10 });

    const early = await claimDueDeliveries(store.db, { worker: "other", now: new Date(T0.getTime() + 500), leaseMs: 1000, limit: 10 });
    const later = await claimDueDeliveries(store.db, { worker: "other", now: new Date(T0.getTime() + 1000), leaseMs: 1000, limit: 10 });

    expect(early).toEqual([]);
    expect(later.map((d) => d.id)).toEqual([taken!.id]);
    const kept = await recordAttempt(store.db, taken!, "crashed", { startedAt: T0, durationMs: 5, outcome: "delivered", httpStatus: 200 }, { status: "delivered", resultCode: 1 }, T0);
    expect(kept).toBe(false);
  });

  test(`erases a person's leads, deliveries and claims, keeping only a keyed hash (${name})`, async () => {
    await insertRoutedLead(store.db, lead(1), options());
    await insertRoutedLead(store.db, lead(2), options());
    await subscribe(store.db, "P1@example.com", "Newsletter wording", T0);

    const erased = await eraseContact(store.db, "email", " p1@EXAMPLE.com ", T0);

    expect(erased).toEqual({ leadsErased: 1, newsletterErased: 1 });
    expect(await countLeads(store.db)).toBe(1);
    expect(await rows("deliveries")).toHaveLength(2);
    expect(await rows("contact_claims")).toHaveLength(2);
    const [entry] = await store.db.selectFrom("erasures").selectAll().execute();
    expect(entry!.contact_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(entry)).not.toContain("example.com");
    expect(await isErasedContact(store.db, contactColumns({ email: "p1@example.com" }))).toBe(true);
    expect(await isErasedContact(store.db, contactColumns({ email: "p2@example.com" }))).toBe(false);
  });

  test(`holds a later lead from an erased person for the operator, offering it to no buyer (${name})`, async () => {
    await eraseContact(store.db, "phone", "020 7946 0001", T0);
    const erased = { code: "0", note: "asked to be erased" } as const;

    const held = await insertRoutedLead(store.db, lead(1), options(energyPlan(), { erased }));
    const other = await insertRoutedLead(store.db, lead(2), options(energyPlan(), { erased }));

    expect(held).toMatchObject({ code: "0", buyerKeys: [] });
    expect(other).toMatchObject({ code: "5", buyerKeys: ["day-energy", "second-energy"] });
    const stored = await rows("leads");
    expect(stored.find((row) => row.id === held.leadId)).toMatchObject({ response_code: "0", routing_note: "asked to be erased", duplicate_of: null });
    expect((await rows("deliveries")).every((d) => d.lead_id === other.leadId)).toBe(true);
    expect((await rows("buyer_daily_counts")).map((c) => Number(c.count))).toEqual([1, 1]);
  });

  test(`keeps one newsletter sign-up per address, with the first sign-up's wording and time (${name})`, async () => {
    expect(await subscribe(store.db, "Jo@Example.com", "First wording", T0)).toBe(true);
    expect(await subscribe(store.db, "jo@example.com", "Second wording", new Date(T0.getTime() + HOUR))).toBe(false);

    expect(await findSubscriber(store.db, "JO@example.com")).toEqual({ email: "jo@example.com", consent_text: "First wording", subscribed_at: T0.toISOString() });
  });

  test(`reads the delivery queue by buyer for monitoring: rows waiting, and how long each buyer's oldest due row has waited (${name})`, async () => {
    await insertRoutedLead(store.db, lead(1), options());
    const stored = await rows("deliveries");
    const due = Date.parse(stored.find((d) => d.buyer_key === "day-energy")!.next_attempt_at);
    // The second buyer's row is not due for an hour: it waits, but is not late.
    await store.db.updateTable("deliveries").set({ next_attempt_at: new Date(due + 3_600_000).toISOString() }).where("buyer_key", "=", "second-energy").execute();

    expect(await waitingByBuyer(store.db)).toEqual(new Map([["day-energy", 1], ["second-energy", 1]]));
    const oldest = await oldestDueSecondsByBuyer(store.db, ["day-energy", "second-energy", "gone"], new Date(due + 90_000));
    expect(oldest).toEqual(new Map([["day-energy", 90], ["second-energy", 0], ["gone", 0]]));
  });
});
