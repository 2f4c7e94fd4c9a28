/**
 * Buyers' daily caps: a lead takes a place under a buyer's cap by counting itself in `buyer_daily_counts`, one
 * statement that never passes the cap. On SQLite the places are taken inside the lead's own unit (its writer thread
 * commits one group at a time). On PostgreSQL each place is taken in a short transaction of its own, committed
 * without waiting for the disk, before the lead's unit; a place its lead did not use is given back after it
 * (docs/design-notes.md, "Buyers' caps on PostgreSQL", says why the caps stay exact). Leads no experiment counts
 * have the same done in batches by the procedure store_leads_with_places (migration 0021, take_lead_places): a change
 * to how places are offered here is made there too.
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
 * PostgreSQL: takes the lead's places before its unit, each statement a transaction of its own, so a count's row is
 * held only while PostgreSQL runs the statement. Its commit does not wait for the disk: the lead's commit after it
 * does, and flushes it. Generic buyers that may all take the lead are asked in one statement.
 */
export async function takeSlotsApart<O extends CapHolder>(db: Kysely<Database>, offers: CapOffers<O>): Promise<O[]> {
  const { generic, maxGeneric } = offers;
  const one = async (offer: O) => (await takeSlots(db, [offer], offers.capDay)).length > 0;
  if (generic.length > maxGeneric) return offerToBuyers(offers, one);
  const [exclusive] = await offerToBuyers({ ...offers, generic: [] }, one);
  if (exclusive) return [exclusive];
  const taken = await takeSlots(db, generic, offers.capDay);
  return generic.filter((offer) => taken.includes(offer.buyerKey));
}

/** One statement counting a lead for each buyer given that has room under its cap; the keys of those counted. */
async function takeSlots(db: Kysely<Database>, offers: CapHolder[], day: string): Promise<string[]> {
  const open = offers.filter((offer) => offer.dailyCap > 0);
  if (open.length === 0) return [];
  const offered = sql.join(open.map(({ buyerKey, dailyCap }) => sql`(${buyerKey}, ${dailyCap}::integer)`));
  // Rows are taken in key order, so two statements counting the same buyers never wait on each other in a circle.
  const { rows } = await sql<{ buyer_key: string }>`
    with ${QUICKLY}, offered (buyer_key, cap) as (values ${offered})
    insert into buyer_daily_counts (buyer_key, day, count)
    select offered.buyer_key, ${day}, 1 from offered, quickly order by offered.buyer_key
    on conflict (buyer_key, day) do update set count = buyer_daily_counts.count + 1
    where buyer_daily_counts.count < (select cap from offered where offered.buyer_key = excluded.buyer_key)
    returning buyer_key`.execute(db);
  return rows.map((row) => row.buyer_key);
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
