/**
 * Writing leads. A routed lead, its de-duplication claims, its buyers' daily counts and one delivery
 * row per buyer are written in one transaction. No HTTP route reads leads back: findLead is for
 * tests and the operator's command line.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Answers } from "../../engine/core/types";
import type { ContactConsent, LeadSubmission, ResponseCode, Tracking } from "../../schemas/generated/lead";
import type { ConfiguredBuyer } from "../buyers/buyerDirectory";
import { routedResponseCode, type RoutingPlan } from "../buyers/routeLead";
import { contactClaimKeys, contactColumns } from "../leads/contactKeys";
import type { Database, LeadRow, NewLeadRow } from "./schema";

/** A lead as the leads route hands it over, after the flow replay. */
export interface NewLead {
  flowId: string;
  flowVersion: number;
  productType: string;
  serviceType: string;
  testMode: boolean;
  responseCode: ResponseCode;
  /** The replayed answers, derived fields included. */
  answers: Answers;
  tracking?: Tracking;
  consent?: LeadSubmission["consent"];
  /** What the visitor agreed to by submitting. */
  contactConsent?: ContactConsent;
  outOfHours?: boolean;
  /** When the lead arrived; now when not given. */
  receivedAt?: Date;
  duplicateOf?: string;
  /** Why no buyer gets the lead, for the operator. */
  routingNote?: string;
}

/** How to store a routed lead: its plan, and the rules that depend on time. */
export interface RoutedLeadOptions {
  plan: RoutingPlan;
  /** How long a contact stays claimed for its service (the duplicate window). */
  duplicateWindowMs: number;
  /** The London day the daily caps count in. */
  capDay: string;
  /** When a buyer's delivery may first be tried (its next delivery hours). */
  firstAttemptAt(buyer: ConfiguredBuyer): Date;
  /** The code, and the note for the operator, when no buyer takes the lead. */
  noBuyer: { code: ResponseCode; note: string };
}

/** A routed lead stored with its buyers, or found to repeat a lead still inside the duplicate window. */
export type RoutedLeadResult =
  | { stored: true; leadId: string; code: ResponseCode; buyers: ConfiguredBuyer[] }
  | { stored: false; duplicateOf: string };

/** Stores a lead that goes to no buyer (test, fake campaign, duplicate, held) and returns its id. */
export async function insertLead(db: Kysely<Database>, lead: NewLead): Promise<string> {
  const row = toRow(lead);
  await db.insertInto("leads").values(row).execute();
  return row.id;
}

/**
 * Stores a lead for routing in one transaction: offers it down the plan (each buyer's daily count
 * goes up only while under its cap), claims its phone and e-mail for the service, and adds a delivery
 * row per buyer. A contact already claimed rolls everything back and names the lead holding it.
 */
export async function insertRoutedLead(db: Kysely<Database>, lead: NewLead, options: RoutedLeadOptions): Promise<RoutedLeadResult> {
  const now = lead.receivedAt ?? new Date();
  const claimKeys = contactClaimKeys(contactColumns(lead.answers));
  // A second pass only when the holder of a claim vanished (erased) between our look and theirs.
  for (let pass = 0; ; pass++) {
    const result = await storeOnce(db, lead, options, claimKeys, now);
    if (result !== "claim lost") return result;
    const holder = await claimHolder(db, lead.serviceType, claimKeys, now);
    if (holder) return { stored: false, duplicateOf: holder };
    if (pass > 0) throw new Error("insertRoutedLead: a contact claim kept clashing with no lead holding it");
  }
}

async function storeOnce(
  db: Kysely<Database>,
  lead: NewLead,
  options: RoutedLeadOptions,
  claimKeys: string[],
  now: Date,
): Promise<RoutedLeadResult | "claim lost"> {
  try {
    return await db.transaction().execute(async (trx) => {
      const buyers = await offerToBuyers(trx, options);
      const code = buyers.length > 0 ? routedResponseCode(buyers) : options.noBuyer.code;
      const row = toRow({ ...lead, responseCode: code, ...(buyers.length === 0 ? { routingNote: options.noBuyer.note } : {}) });
      await trx.insertInto("leads").values(row).execute();
      await claimContacts(trx, row.id, lead.serviceType, claimKeys, now, options.duplicateWindowMs);
      if (buyers.length > 0) {
        await trx
          .insertInto("deliveries")
          .values(buyers.map((buyer) => deliveryRow(row.id, buyer, options.firstAttemptAt(buyer), now)))
          .execute();
      }
      return { stored: true as const, leadId: row.id, code, buyers };
    });
  } catch (error) {
    if (error instanceof ContactTaken) return "claim lost";
    throw error;
  }
}

/** How many leads are stored, test leads included. */
export async function countLeads(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .executeTakeFirstOrThrow();
  // PostgreSQL returns count(*) as a bigint string; SQLite as a number.
  return Number(count);
}

/** The stored row of a lead, or undefined when there is none with this id. */
export async function findLead(db: Kysely<Database>, id: string): Promise<LeadRow | undefined> {
  return db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A contact already held by another lead of the service: rolls the transaction back. */
class ContactTaken extends Error {}

async function offerToBuyers(trx: Transaction<Database>, { plan, capDay }: RoutedLeadOptions): Promise<ConfiguredBuyer[]> {
  for (const buyer of plan.exclusive) {
    if (await takeCapSlot(trx, buyer, capDay)) return [buyer];
  }
  const chosen: ConfiguredBuyer[] = [];
  for (const buyer of plan.generic) {
    if (chosen.length >= plan.maxGeneric) break;
    if (await takeCapSlot(trx, buyer, capDay)) chosen.push(buyer);
  }
  return chosen;
}

/** Counts one more lead for the buyer today unless that would pass its cap; true when counted. */
async function takeCapSlot(trx: Transaction<Database>, buyer: ConfiguredBuyer, day: string): Promise<boolean> {
  if (buyer.dailyCap <= 0) return false;
  // One statement, so two transactions cannot both take the last slot: the row lock orders them.
  const counted = await trx
    .insertInto("buyer_daily_counts")
    .values({ buyer_key: buyer.key, day, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(["buyer_key", "day"])
        .doUpdateSet((eb) => ({ count: eb("buyer_daily_counts.count", "+", 1) }))
        .where("buyer_daily_counts.count", "<", buyer.dailyCap),
    )
    .returning("count")
    .executeTakeFirst();
  return counted !== undefined;
}

async function claimContacts(
  trx: Transaction<Database>,
  leadId: string,
  serviceType: string,
  keys: string[],
  now: Date,
  windowMs: number,
): Promise<void> {
  const expiresAt = new Date(now.getTime() + windowMs).toISOString();
  for (const contact of keys) {
    // Takes the key when free or when the holder's window has passed; a live claim returns no row.
    const claimed = await trx
      .insertInto("contact_claims")
      .values({ service_type: serviceType, contact, lead_id: leadId, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .columns(["service_type", "contact"])
          .doUpdateSet((eb) => ({ lead_id: eb.ref("excluded.lead_id"), expires_at: eb.ref("excluded.expires_at") }))
          .where("contact_claims.expires_at", "<=", now.toISOString()),
      )
      .returning("lead_id")
      .executeTakeFirst();
    if (!claimed) throw new ContactTaken(`${serviceType} ${contact.split(":")[0]} already claimed`);
  }
}

async function claimHolder(db: Kysely<Database>, serviceType: string, keys: string[], now: Date): Promise<string | undefined> {
  if (keys.length === 0) return undefined;
  const row = await db
    .selectFrom("contact_claims")
    .select("lead_id")
    .where("service_type", "=", serviceType)
    .where("contact", "in", keys)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.lead_id;
}

function deliveryRow(leadId: string, buyer: ConfiguredBuyer, firstAttemptAt: Date, now: Date) {
  return {
    id: randomUUID(),
    lead_id: leadId,
    buyer_key: buyer.key,
    buyer_id: buyer.id,
    buyer_name: buyer.name,
    idempotency_key: randomUUID(),
    status: "pending" as const,
    attempts: 0,
    next_attempt_at: firstAttemptAt.toISOString(),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

function toRow(lead: NewLead): NewLeadRow & { id: string } {
  const { answers, contactConsent } = lead;
  const receivedAt = (lead.receivedAt ?? new Date()).toISOString();
  return {
    id: randomUUID(),
    created_at: receivedAt,
    flow_id: lead.flowId,
    flow_version: lead.flowVersion,
    product_type: lead.productType,
    service_type: lead.serviceType,
    test_mode: lead.testMode ? 1 : 0,
    response_code: lead.responseCode,
    first_name: answers.firstName ?? null,
    last_name: answers.lastName ?? null,
    ...contactColumns(answers),
    answers: JSON.stringify(answers),
    tracking: JSON.stringify(lead.tracking ?? {}),
    consent: JSON.stringify(lead.consent ?? {}),
    form_is_time_ooh: lead.outOfHours ? 1 : 0,
    consent_wording: contactConsent?.wording ?? null,
    privacy_notice_version: contactConsent?.privacyNoticeVersion ?? null,
    consented_buyers: contactConsent?.buyers ? JSON.stringify(contactConsent.buyers) : null,
    consented_at: contactConsent ? receivedAt : null,
    duplicate_of: lead.duplicateOf ?? null,
    routing_note: lead.routingNote ?? null,
  };
}
