/**
 * Leads stored together on PostgreSQL, in one batch (one call, one durable commit): each lead is stored as if it came
 * alone after the ones before it in the batch, and fails alone.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { eraseContact } from "../../server/storage/erasureStore";
import { countLeads, type NewLead, type RoutedLeadOptions, type RoutedLeadResult } from "../../server/storage/leadsStore";
import { batchedLead, storeLeadBatch } from "../../server/storage/routedLeadOnPostgres";
import { cappedNightBuyer } from "./support/cappedBuyers";
import { databaseForTests, openTestPostgres, testDatabaseUrl } from "./support/databases";
import { energyLead } from "./support/storedLeads";

const CAP = 3;
const T0 = new Date("2026-03-04T22:00:00Z");
const { options } = cappedNightBuyer(CAP, T0);

const lead = (n: number, overrides: Partial<NewLead> = {}): NewLead => energyLead(n, T0, overrides);

/** Options whose second generic delivery row breaks a NOT NULL rule, so the lead fails at its last write. */
const broken = (): RoutedLeadOptions => {
  const given = options({ exclusive: [] });
  return { ...given, generic: given.generic.map((offer, i) => (i === 1 ? { ...offer, buyerId: null as unknown as string } : offer)) };
};

/** A lead of a batch that was stored; throws for one that failed. */
function stored(result: RoutedLeadResult | Error | undefined): RoutedLeadResult {
  if (result === undefined || result instanceof Error) throw result ?? new Error("the batch answered fewer leads than it was given");
  return result;
}

describe.skipIf(!testDatabaseUrl)("leads stored in one batch on PostgreSQL", () => {
  const store = databaseForTests(openTestPostgres, !testDatabaseUrl, (store) => store.clear());
  const inOneBatch = async (leads: Array<[NewLead, RoutedLeadOptions]>) =>
    storeLeadBatch(store.db, await Promise.all(leads.map(([given, routed]) => batchedLead(store.db, given, routed))));
  const counted = async () => {
    const counts = await store.db.selectFrom("buyer_daily_counts").select(["buyer_key", "count"]).orderBy("buyer_key").execute();
    return Object.fromEntries(counts.map((c) => [c.buyer_key, Number(c.count)]));
  };
  const deliveries = async () => (await store.db.selectFrom("deliveries").select("buyer_key").execute()).length;

  it("gives a buyer's last places to the first leads of the batch and offers the others on, the count exact", async () => {
    await inOneBatch([[lead(0), options()]]);

    const results = await inOneBatch(Array.from({ length: 6 }, (_, i) => [lead(1 + i), options()]));

    expect(results.map((r) => (r instanceof Error ? r.message : r.buyerKeys.join()))).toEqual([
      "night-energy",
      "night-energy",
      ...Array(4).fill("day-energy,second-energy"),
    ]);
    expect(await counted()).toEqual({ "day-energy": 4, "night-energy": CAP, "second-energy": 4 });
    expect(await deliveries()).toBe(CAP + 8);
  });

  it("stores the second of two leads of a batch with the same phone as the first one's duplicate", async () => {
    const again = lead(1, { answers: { ...lead(1).answers, email: "another@example.com" } });

    const results = await inOneBatch([
      [lead(1), options()],
      [again, options()],
      [lead(2), options()],
    ]);

    const [first, second, other] = [stored(results[0]), stored(results[1]), stored(results[2])];
    expect(first).toMatchObject({ code: "8", buyerKeys: ["night-energy"] });
    expect(second).toEqual({ leadId: second.leadId, code: "2", buyerKeys: [], duplicateOf: first.leadId });
    expect(other.buyerKeys).toEqual(["night-energy"]);
    // The duplicate's place is given back: the night buyer counts the two leads it has.
    expect(await counted()).toMatchObject({ "night-energy": 2 });
  });

  it("fails one lead of a batch alone, as PostgreSQL refused it, giving back its places", async () => {
    const results = await inOneBatch([
      [lead(1), options({ exclusive: [] })],
      [lead(2), broken()],
      [lead(3), options({ exclusive: [] })],
    ]);

    expect(results.map((r) => (r instanceof Error ? "failed" : r.code))).toEqual(["5", "failed", "5"]);
    expect(results[1]).toBeInstanceOf(pg.DatabaseError);
    expect(results[1]).toMatchObject({ code: "23502" });
    expect(await countLeads(store.db)).toBe(2);
    expect(await counted()).toEqual({ "day-energy": 2, "second-energy": 2 });
  });

  it("refuses the second lead of a batch with a submission key already taken, naming the key's index", async () => {
    const keyed = (n: number) => lead(n, { submissionKey: "same-key" });

    const [first, second] = await inOneBatch([
      [keyed(1), options()],
      [keyed(2), options()],
    ]);

    expect(first).not.toBeInstanceOf(Error);
    expect(second).toMatchObject({ code: "23505", constraint: "leads_submission_key" });
    expect(await counted()).toMatchObject({ "night-energy": 1 });
  });

  it("holds a lead of a batch from an erased person for the operator, its places given back", async () => {
    await eraseContact(store.db, "email", "p2@example.com", T0);
    const erased = { code: "0", note: "asked to be erased" } as const;

    const [other, held] = await inOneBatch([
      [lead(1), options({ erased })],
      [lead(2), options({ erased })],
    ]);

    expect(other).toMatchObject({ code: "8", buyerKeys: ["night-energy"] });
    expect(held).toMatchObject({ code: "0", buyerKeys: [] });
    expect(await counted()).toMatchObject({ "night-energy": 1 });
    expect(await deliveries()).toBe(1);
  });
});
