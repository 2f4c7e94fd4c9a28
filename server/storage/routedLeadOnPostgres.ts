/**
 * PostgreSQL: a routed lead stored with one call of store_routed_lead (migration 0020), which writes what storeRouted
 * writes on SQLite: the lead held for the operator when its person asked to be erased, else the lead, its contact
 * claims and a delivery row per buyer whose place it took (capSlots.ts), or, when another lead still holds its phone
 * or e-mail, the lead alone as that lead's duplicate. Called on its own it is one statement, committed durably by
 * itself; inside a unit it joins the unit's transaction.
 */
import { sql, type Kysely } from "kysely";
import type { ResponseCode } from "../../schemas/generated/lead";
import { contactClaimKeys } from "../contacts/contactKeys";
import { erasureHashes } from "./erasureStore";
import { contactOf, deliveryRow, toRow } from "./leadRows";
import type { NewLead, RoutedLeadOptions, RoutedLeadResult } from "./leadsStore";
import type { Database } from "./schema";

interface Stored {
  stored_id: string;
  stored_code: ResponseCode;
  holder_id: string | null;
  buyer_keys: string[];
}

/** Stores the lead for the buyers in `options.taken` (their places already taken) in one statement. */
export async function storeRoutedAtOnce(db: Kysely<Database>, { lead, options }: { lead: NewLead; options: RoutedLeadOptions }): Promise<RoutedLeadResult> {
  const now = lead.receivedAt ?? new Date();
  const contact = contactOf(lead);
  const taken = options.taken ?? [];
  const code = taken[0]?.responseCode ?? options.noBuyer.code;
  const row = toRow({ ...lead, responseCode: code, ...(taken.length === 0 ? { routingNote: options.noBuyer.note } : {}) });
  const deliveries = taken.map((offer) => deliveryRow(row.id, offer, now));
  const hashes = options.erased ? await erasureHashes(db, contact) : [];
  const expiresAt = new Date(now.getTime() + options.duplicateWindowMs).toISOString();
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  const { rows } = await sql<Stored>`
    select * from store_routed_lead(${json(row)}::jsonb, ${json(deliveries)}::jsonb, ${json(options.erased)}::jsonb, ${hashes}::text[],
      ${json(options.duplicate)}::jsonb, ${lead.serviceType}, ${contactClaimKeys(contact)}::text[], ${now.toISOString()}, ${expiresAt})`.execute(db);
  const stored = rows[0];
  if (!stored) throw new Error("store_routed_lead returned no row");
  if (stored.holder_id !== null) return { leadId: stored.stored_id, code: stored.stored_code, buyerKeys: [], duplicateOf: stored.holder_id };
  return { leadId: stored.stored_id, code: stored.stored_code, buyerKeys: stored.buyer_keys };
}
