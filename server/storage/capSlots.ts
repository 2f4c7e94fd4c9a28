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
 * PostgreSQL: takes the lead's places before its unit, each in a transaction of its own that holds the count's row
 * only for its one statement. Its commit does not wait for the disk: the lead's commit after it does, and flushes it.
 */
export function takeSlotsApart<O extends CapHolder>(db: Kysely<Database>, offers: CapOffers<O>): Promise<O[]> {
  return offerToBuyers(offers, (offer) => quickly(db, (trx) => takeCapSlot(trx, offer, offers.capDay)));
}

/**
 * PostgreSQL: gives back places taken by takeSlotsApart that their lead did not use (it failed, was a duplicate, or
 * its person asked to be erased). Never throws: a place not given back leaves its buyer one lead short that day,
 * never one over.
 */
export async function giveBackSlots(db: Kysely<Database>, buyerKeys: string[], day: string): Promise<void> {
  for (const buyerKey of buyerKeys) {
    await quickly(db, (trx) =>
      trx
        .updateTable("buyer_daily_counts")
        .set((eb) => ({ count: eb("count", "-", 1) }))
        .where("buyer_key", "=", buyerKey)
        .where("day", "=", day)
        .where("count", ">", 0)
        .execute(),
    ).catch(() => undefined);
  }
}

/** A transaction whose commit does not wait for the write-ahead log to reach the disk. */
function quickly<R>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<R>): Promise<R> {
  return db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    return work(trx);
  });
}
