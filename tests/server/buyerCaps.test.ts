/**
 * Buyers' daily caps under leads that race for the last places, on SQLite and PostgreSQL: exactly the cap goes to a
 * buyer, the rest go on down the routing as if it were full, and a place taken by a lead that then fails or turns
 * out a duplicate is given back for the next lead.
 */
import { describe, expect, it } from "vitest";
import { insertRoutedLead, type NewLead } from "../../server/storage/leadsStore";
import { cappedNightBuyer } from "./support/cappedBuyers";
import { databaseForTests, dialects } from "./support/databases";
import { energyLead } from "./support/storedLeads";

const CAP = 3;
const T0 = new Date("2026-03-04T22:00:00Z");
const { options } = cappedNightBuyer(CAP, T0);

const lead = (n: number, overrides: Partial<NewLead> = {}): NewLead => energyLead(n, T0, overrides);

describe.each(dialects)("buyers' daily caps on %s", (name, open, skipped) => {
  const store = databaseForTests(open, skipped, (store) => store.clear());
  const test = it.skipIf(skipped);
  /** Per buyer, the leads stored for it (delivery rows) and its count for the day. */
  const tally = async () => {
    const deliveries = await store.db.selectFrom("deliveries").select("buyer_key").execute();
    const counts = await store.db.selectFrom("buyer_daily_counts").select(["buyer_key", "count"]).execute();
    const of = (key: string) => ({ leads: deliveries.filter((d) => d.buyer_key === key).length, counted: Number(counts.find((c) => c.buyer_key === key)?.count ?? 0) });
    return { night: of("night-energy"), day: of("day-energy"), second: of("second-energy") };
  };

  test(`gives the last place to exactly one of many leads racing for it, and the others to the generic buyers (${name})`, async () => {
    for (let n = 0; n < CAP - 1; n++) await insertRoutedLead(store.db, lead(n), options());

    const racing = await Promise.all(Array.from({ length: 16 }, (_, i) => insertRoutedLead(store.db, lead(100 + i), options())));

    expect(racing.filter((r) => r.code === "8")).toHaveLength(1);
    expect(racing.filter((r) => r.buyerKeys.join() === "day-energy,second-energy")).toHaveLength(15);
    expect(await tally()).toEqual({ night: { leads: CAP, counted: CAP }, day: { leads: 15, counted: 15 }, second: { leads: 15, counted: 15 } });
  });

  test(`routes exactly the cap to a buyer when more leads than its cap arrive at once (${name})`, async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => insertRoutedLead(store.db, lead(i), options({ generic: [] }))));

    expect(burst.filter((r) => r.buyerKeys.join() === "night-energy")).toHaveLength(CAP);
    expect(burst.filter((r) => r.code === "0" && r.buyerKeys.length === 0)).toHaveLength(12 - CAP);
    expect((await tally()).night).toEqual({ leads: CAP, counted: CAP });
  });

  test(`gives a buyer with a cap of five exactly five of forty leads sent at once, from visits or not (${name})`, async () => {
    const alone = options({ exclusive: [] });
    const generic = [{ ...alone.generic[0]!, dailyCap: 5 }];
    // Every other lead comes from a visit, so it is stored in a unit with its visit's counts.
    const leads = Array.from({ length: 40 }, (_, i) => lead(i, i % 2 === 0 ? { visitId: `visit-${i}` } : {}));

    const burst = await Promise.all(leads.map((given) => insertRoutedLead(store.db, given, { ...alone, generic })));

    expect(burst.filter((r) => r.buyerKeys.join() === "day-energy")).toHaveLength(5);
    expect(burst.filter((r) => r.code === "0" && r.buyerKeys.length === 0)).toHaveLength(35);
    expect((await tally()).day).toEqual({ leads: 5, counted: 5 });
  });

  test(`gives a generic buyer exactly its cap while the other generic buyer takes every lead (${name})`, async () => {
    const given = options({ exclusive: [] });
    const generic = given.generic.map((offer) => (offer.buyerKey === "day-energy" ? { ...offer, dailyCap: 2 } : offer));

    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => insertRoutedLead(store.db, lead(i), { ...given, generic })));

    const wentTo = (key: string) => burst.filter((r) => r.buyerKeys.some((taken: string) => taken === key));
    expect(wentTo("day-energy")).toHaveLength(2);
    expect(wentTo("second-energy")).toHaveLength(10);
    const { day, second } = await tally();
    expect([day, second]).toEqual([{ leads: 2, counted: 2 }, { leads: 10, counted: 10 }]);
  });

  test(`offers a lead to no more generic buyers than allowed, in order, passing over a full one (${name})`, async () => {
    const given = options({ exclusive: [], maxGeneric: 1 });
    const generic = given.generic.map((offer) => (offer.buyerKey === "day-energy" ? { ...offer, dailyCap: 1 } : offer));

    const first = await insertRoutedLead(store.db, lead(1), { ...given, generic });
    const second = await insertRoutedLead(store.db, lead(2), { ...given, generic });

    expect([first.buyerKeys, second.buyerKeys]).toEqual([["day-energy"], ["second-energy"]]);
    const { day, second: other } = await tally();
    expect([day, other]).toEqual([{ leads: 1, counted: 1 }, { leads: 1, counted: 1 }]);
  });

  test(`gives back the place of a lead that turns out a duplicate, so a later lead takes it (${name})`, async () => {
    await insertRoutedLead(store.db, lead(1), options());
    const copies = await Promise.all(Array.from({ length: 6 }, () => insertRoutedLead(store.db, lead(1), options())));
    expect(copies.every((r) => r.code === "2")).toBe(true);

    const later = [];
    for (let n = 2; n <= CAP + 1; n++) later.push(await insertRoutedLead(store.db, lead(n), options()));

    expect(later.map((r) => r.buyerKeys.join())).toEqual([...Array(CAP - 1).fill("night-energy"), "day-energy,second-energy"]);
    expect((await tally()).night).toEqual({ leads: CAP, counted: CAP });
  });

  test(`gives back the places of a lead whose storing fails (${name})`, async () => {
    const broken = options({ exclusive: [] });
    // The second buyer's delivery row breaks a NOT NULL rule, so the lead's unit fails at its last write.
    broken.generic[1] = { ...broken.generic[1]!, buyerId: null as unknown as string };
    await expect(insertRoutedLead(store.db, lead(1), broken)).rejects.toThrow(/null|NULL/);

    const next = await insertRoutedLead(store.db, lead(2), options({ exclusive: [] }));

    expect(next.buyerKeys).toEqual(["day-energy", "second-energy"]);
    const { day, second } = await tally();
    expect([day, second]).toEqual([{ leads: 1, counted: 1 }, { leads: 1, counted: 1 }]);
  });
});
