/**
 * Buyers' daily caps: a lead takes a place under a buyer's cap by counting itself in `buyer_daily_counts`, one
 * statement that never passes the cap. On SQLite the places are taken inside the lead's own unit (its writer thread
 * commits one group at a time). On PostgreSQL each place is taken in a short transaction of its own, committed
 * without waiting for the disk, before the lead's unit; a place its lead did not use is given back after it
 * (docs/design-notes.md, "Buyers' caps on PostgreSQL", says why the caps stay exact).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/** What taking a place needs to know of a buyer. */
export interface CapHolder {
  buyerKey: string;
  dailyCap: number;
}

/** The buyers a lead is offered to, in order (see RoutedLeadOptions). */
export interface CapOffers<O extends CapHolder> {
  exclusive: O[];
  generic: O[];
  maxGeneric: number;
  capDay: string;
}

/** Offers down the buyers: the first exclusive one with a place takes the lead alone, else each generic one with a place, up to maxGeneric. */
export async function offerToBuyers<O extends CapHolder>({ exclusive, generic, maxGeneric }: CapOffers<O>, take: (offer: O) => Promise<boolean>): Promise<O[]> {
  for (const offer of exclusive) {
    if (await take(offer)) return [offer];
  }
  const taken: O[] = [];
  for (const offer of generic) {
    if (taken.length >= maxGeneric) break;
    if (await take(offer)) taken.push(offer);
  }
  return taken;
}

/** Counts one more lead for the buyer on `day` unless that would pass its cap; true when counted. */
export async function takeCapSlot(db: Kysely<Database>, { buyerKey, dailyCap }: CapHolder, day: string): Promise<boolean> {
  if (dailyCap <= 0) return false;
  // One statement, so two transactions cannot both take the last place: the row lock orders them.
  const counted = await db
    .insertInto("buyer_daily_counts")
    .values({ buyer_key: buyerKey, day, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(["buyer_key", "day"])
        .doUpdateSet((eb) => ({ count: eb("buyer_daily_counts.count", "+", 1) }))
        .where("buyer_daily_counts.count", "<", dailyCap),
    )
    .returning("count")
    .executeTakeFirst();
  return counted !== undefined;
}

/**
 * PostgreSQL: takes the lead's places before its unit, each in one statement that is a transaction of its own, so the
 * count's row is held only while the statement runs. Its commit does not wait for the disk: the lead's commit after
 * it does, and flushes it.
 */
export function takeSlotsApart<O extends CapHolder>(db: Kysely<Database>, offers: CapOffers<O>): Promise<O[]> {
  return offerToBuyers(offers, async ({ buyerKey, dailyCap }) => {
    if (dailyCap <= 0) return false;
    const { rows } = await sql<{ count: number }>`
      with ${QUICKLY} insert into buyer_daily_counts (buyer_key, day, count) select ${buyerKey}, ${offers.capDay}, 1 from quickly
      on conflict (buyer_key, day) do update set count = buyer_daily_counts.count + 1 where buyer_daily_counts.count < ${dailyCap}
      returning count`.execute(db);
    return rows.length > 0;
  });
}

/**
 * PostgreSQL: gives back places taken by takeSlotsApart that their lead did not use (it failed, was a duplicate, or
 * its person asked to be erased). Never throws: a place not given back leaves its buyer one lead short that day,
 * never one over.
 */
export async function giveBackSlots(db: Kysely<Database>, buyerKeys: string[], day: string): Promise<void> {
  if (buyerKeys.length === 0) return;
  await sql`
    with ${QUICKLY} update buyer_daily_counts set count = count - 1 from quickly
    where buyer_key in (${sql.join(buyerKeys)}) and day = ${day} and count > 0`
    .execute(db)
    .catch(() => undefined);
}

/**
 * A statement's own transaction commits without waiting for the write-ahead log to reach the disk: the setting holds
 * for that transaction only (the statement must read from `quickly` for it to be set).
 */
const QUICKLY = sql`quickly as (select set_config('synchronous_commit', 'off', true))`;
