/**
 * PostgreSQL: a routed lead stored by store_routed_lead (migration 0020), which writes what storeRouted writes on
 * SQLite: the lead held for the operator when its person asked to be erased, else the lead, its contact claims and a
 * delivery row per buyer whose place it took (capSlots.ts), or, when another lead still holds its phone or e-mail, the
 * lead alone as that lead's duplicate. Leads are stored in batches, one CALL for each that also takes their places
 * and gives back the unused ones (store_leads_with_places, migration 0021). A lead an experiment counts queues its
 * visit in its commit (migration 0022's trigger), and its counts follow (experiments/countsFolding.ts).
 */
import { sql, type Kysely } from "kysely";
import pg from "pg";
import type { ResponseCode } from "../../schemas/generated/lead";
import { contactClaimKeys } from "../contacts/contactKeys";
import { erasureHashes } from "./erasureStore";
import { contactOf, deliveryRow, toRow } from "./leadRows";
import type { BuyerOffer, NewLead, RoutedLeadOptions, RoutedLeadResult } from "./leadShapes";
import type { Database } from "./schema";
import { CallBatches, type BatchLimits } from "./callBatches";

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

function result(leadId: string, code: ResponseCode, holder: string | null, buyerKeys: string[]): RoutedLeadResult {
  return holder === null ? { leadId, code, buyerKeys } : { leadId, code, buyerKeys: [], duplicateOf: holder };
}

/** A lead and its offers as store_leads_with_places takes it (migration 0021). */
export type BatchedLead = Record<string, unknown>;

/** What the procedure answers for each lead: how it was stored, or how it failed. */
type BatchOutcome =
  | { id: string; code: ResponseCode; holder: string | null; buyers: string[] }
  | { failed: { state: string; message: string; detail: string | null; constraint: string | null } };

/** A lead and its offers as one item of a batch. */
export async function batchedLead(db: Kysely<Database>, lead: NewLead, options: RoutedLeadOptions): Promise<BatchedLead> {
  const now = lead.receivedAt ?? new Date();
  const row = toRow(lead);
  const contact = contactOf(lead);
  const offered = (offers: BuyerOffer[]) => offers.map((offer) => ({ buyer_key: offer.buyerKey, cap: offer.dailyCap, code: offer.responseCode }));
  return {
    offers: { exclusive: offered(options.exclusive), generic: offered(options.generic), max_generic: options.maxGeneric },
    cap_day: options.capDay,
    lead_row: row,
    no_buyer: options.noBuyer,
    deliveries: Object.fromEntries([...options.exclusive, ...options.generic].map((offer) => [offer.buyerKey, deliveryRow(row.id, offer, now)])),
    erased: options.erased,
    hashes: options.erased ? await erasureHashes(db, contact) : [],
    duplicate: options.duplicate,
    service: lead.serviceType,
    claim_keys: contactClaimKeys(contact),
    claimed_at: now.toISOString(),
    expires_at: new Date(now.getTime() + options.duplicateWindowMs).toISOString(),
  };
}

/**
 * Takes each lead's places, stores the leads with one durable commit and gives back the places they did not use, in
 * one CALL (`db` must not be inside a transaction); per lead, in order, its result or the error it failed with, as
 * PostgreSQL raised it.
 */
export async function storeLeadBatch(db: Kysely<Database>, leads: BatchedLead[]): Promise<Array<RoutedLeadResult | Error>> {
  const { rows } = await sql<{ results: BatchOutcome[] }>`call store_leads_with_places(${json(leads)}::jsonb)`.execute(db);
  return (rows[0]?.results ?? []).map((outcome) => ("failed" in outcome ? databaseError(outcome.failed) : result(outcome.id, outcome.code, outcome.holder, outcome.buyers)));
}

function databaseError({ state, message, detail, constraint }: { state: string; message: string; detail: string | null; constraint: string | null }): Error {
  const error = new pg.DatabaseError(message, message.length, "error");
  Object.assign(error, { severity: "ERROR", code: state, ...(detail ? { detail } : {}), ...(constraint ? { constraint } : {}) });
  return error;
}

const batches = new WeakMap<Kysely<Database>, CallBatches<BatchedLead, RoutedLeadResult>>();

/**
 * Stores a lead in the next batch of its database (callBatches.ts): its places taken, the lead
 * stored and the unused places given back as the unit path does, with its commits shared with the leads beside it.
 */
export async function storeWithPlaces(db: Kysely<Database>, lead: NewLead, options: RoutedLeadOptions): Promise<RoutedLeadResult> {
  let leads = batches.get(db);
  if (!leads) batches.set(db, (leads = new CallBatches((items) => storeLeadBatch(db, items), BATCH_LIMITS)));
  const item = await batchedLead(db, lead, options);
  // Two batches holding the same contacts in opposite orders: PostgreSQL fails one lead of one of them, sent again.
  return leads.add(item).catch((error: unknown) => (error instanceof pg.DatabaseError && error.code === DEADLOCK ? leads.add(item) : Promise.reject(error)));
}

const DEADLOCK = "40P01";
const BATCH_LIMITS: BatchLimits = { callsInFlight: 2, maxBatch: 32 };
