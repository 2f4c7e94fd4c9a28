/**
 * PostgreSQL: a routed lead stored by store_routed_lead (migration 0020), which writes what storeRouted writes on
 * SQLite: the lead held for the operator when its person asked to be erased, else the lead, its contact claims and a
 * delivery row per buyer whose place it took (capSlots.ts), or, when another lead still holds its phone or e-mail, the
 * lead alone as that lead's duplicate. A lead no experiment counts is one CALL that also takes its places and gives
 * back the unused ones (store_lead_with_places); one inside a unit joins the unit's transaction.
 */
import { sql, type Kysely } from "kysely";
import type { ResponseCode } from "../../schemas/generated/lead";
import { contactClaimKeys } from "../contacts/contactKeys";
import { erasureHashes } from "./erasureStore";
import { contactOf, deliveryRow, toRow } from "./leadRows";
import type { BuyerOffer, NewLead, RoutedLeadOptions, RoutedLeadResult } from "./leadShapes";
import type { Database } from "./schema";

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** What both calls are given beyond the rows: the erasure check, the duplicate's outcome and the contact claims. */
async function leadArguments(db: Kysely<Database>, lead: NewLead, options: RoutedLeadOptions) {
  const now = lead.receivedAt ?? new Date();
  const contact = contactOf(lead);
  const hashes = options.erased ? await erasureHashes(db, contact) : [];
  const expiresAt = new Date(now.getTime() + options.duplicateWindowMs).toISOString();
  return sql`${json(options.erased)}::jsonb, ${hashes}::text[], ${json(options.duplicate)}::jsonb,
    ${lead.serviceType}, ${contactClaimKeys(contact)}::text[], ${now.toISOString()}, ${expiresAt}`;
}

function result(leadId: string, code: ResponseCode, holder: string | null, buyerKeys: string[]): RoutedLeadResult {
  return holder === null ? { leadId, code, buyerKeys } : { leadId, code, buyerKeys: [], duplicateOf: holder };
}

/** Stores the lead for the buyers in `options.taken` (their places already taken) in one statement. */
export async function storeRoutedAtOnce(db: Kysely<Database>, { lead, options }: { lead: NewLead; options: RoutedLeadOptions }): Promise<RoutedLeadResult> {
  const now = lead.receivedAt ?? new Date();
  const taken = options.taken ?? [];
  const code = taken[0]?.responseCode ?? options.noBuyer.code;
  const row = toRow({ ...lead, responseCode: code, ...(taken.length === 0 ? { routingNote: options.noBuyer.note } : {}) });
  const deliveries = taken.map((offer) => deliveryRow(row.id, offer, now));
  const { rows } = await sql<{ stored_id: string; stored_code: ResponseCode; holder_id: string | null; buyer_keys: string[] }>`
    select * from store_routed_lead(${json(row)}::jsonb, ${json(deliveries)}::jsonb, ${await leadArguments(db, lead, options)})`.execute(db);
  const stored = rows[0];
  if (!stored) throw new Error("store_routed_lead returned no row");
  return result(stored.stored_id, stored.stored_code, stored.holder_id, stored.buyer_keys);
}

/**
 * Takes the lead's places, stores it and gives back the places it did not use, in one CALL (`db` must not be inside a
 * transaction): what takeSlotsApart, storeRoutedAtOnce and giveBackSlots do in three.
 */
export async function storeWithPlaces(db: Kysely<Database>, lead: NewLead, options: RoutedLeadOptions): Promise<RoutedLeadResult> {
  const now = lead.receivedAt ?? new Date();
  const row = toRow(lead);
  const offered = (offers: BuyerOffer[]) => offers.map((offer) => ({ buyer_key: offer.buyerKey, cap: offer.dailyCap, code: offer.responseCode }));
  const offers = { exclusive: offered(options.exclusive), generic: offered(options.generic), max_generic: options.maxGeneric };
  const deliveries = Object.fromEntries([...options.exclusive, ...options.generic].map((offer) => [offer.buyerKey, deliveryRow(row.id, offer, now)]));
  const { rows } = await sql<{ result_id: string; result_code: ResponseCode; result_holder: string | null; result_buyers: string[] }>`
    call store_lead_with_places(${json(offers)}::jsonb, ${options.capDay}, ${json(row)}::jsonb, ${json(options.noBuyer)}::jsonb,
      ${json(deliveries)}::jsonb, ${await leadArguments(db, lead, options)})`.execute(db);
  const stored = rows[0];
  if (!stored) throw new Error("store_lead_with_places returned no row");
  return result(stored.result_id, stored.result_code, stored.result_holder, stored.result_buyers);
}
