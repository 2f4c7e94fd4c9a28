/**
 * Buyers' daily caps: a lead takes a place under a buyer's cap by counting itself in `buyer_daily_counts`, one
 * statement that never passes the cap. On SQLite the places are taken inside the lead's own unit (its writer thread
 * commits one group at a time). On PostgreSQL leads have the same done in batches by the procedure
 * store_leads_with_places (migration 0021, take_lead_places), committed without waiting for the disk before the
 * leads' durable commit, and the places not used given back after it (docs/design-notes.md, "Buyers' caps on
 * PostgreSQL", says why the caps stay exact): a change to how places are offered here is made there too.
 */
import type { Kysely } from "kysely";
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
