/**
 * Writing leads. A routed lead, its de-duplication claims, its buyers' daily counts and one delivery
 * row per buyer are written as one unit. What the lead is answered, and to whom it is offered, is
 * intake's to decide. No HTTP route reads leads back: findLead is for tests and the operator's command line.
 */
import { sql, type Kysely } from "kysely";
import { contactClaimKeys } from "../contacts/contactKeys";
import { offerToBuyers, takeCapSlot } from "./capSlots";
import { isPostgres, runUnit } from "./connection";
import { isErasedContact } from "./erasureStore";
import { refreshVisitOutcome } from "./experiments/visitOutcome";
import { contactOf, deliveryRow, toRow } from "./leadRows";
import { storeWithPlaces } from "./routedLeadOnPostgres";
import type { Database, LeadRow } from "./schema";
import type { NewLead, RoutedLeadOptions, RoutedLeadResult } from "./leadShapes";

export type { BuyerOffer, NewLead, Outcome, RoutedLeadOptions, RoutedLeadResult } from "./leadShapes";

/**
 * Stores a lead that goes to no buyer (test, fake campaign) and returns its id; on SQLite one an experiment counts
 * (no test, from a visit) is stored with its visit's counts, as one unit.
 */
export async function insertLead(db: Kysely<Database>, lead: NewLead): Promise<string> {
  // PostgreSQL counts it after its commit, as any lead (countsFolding.ts).
  if (countedLead(lead) && !isPostgres(db)) return runUnit(db, storeUnroutedLead, lead);
  return insertRow(db, lead);
}

/** The unit behind insertLead for a lead an experiment counts: the row, then its visit's counts. */
export async function storeUnroutedLead(db: Kysely<Database>, lead: NewLead): Promise<string> {
  const id = await insertRow(db, lead);
  await refreshVisitOutcome(db, lead.flowId, lead.visitId!);
  return id;
}

async function insertRow(db: Kysely<Database>, lead: NewLead): Promise<string> {
  const row = toRow(lead);
  await db.insertInto("leads").values(row).execute();
  return row.id;
}

/** Whether the experiment counts a lead: no test, and from a visit. */
const countedLead = (lead: NewLead) => !lead.testMode && lead.visitId !== undefined;

/**
 * Stores a lead for routing as one unit: offers it down the buyers (each buyer's daily count goes up
 * only while under its cap), claims its phone and e-mail for the service, and adds a delivery row per
 * buyer. A contact another lead still holds undoes all that and stores the lead as its duplicate.
 */
export async function insertRoutedLead(db: Kysely<Database>, lead: NewLead, options: RoutedLeadOptions): Promise<RoutedLeadResult> {
  if (!isPostgres(db)) return runUnit(db, storeRoutedLead, { lead, options });
  // PostgreSQL: in a batch with the leads arriving beside it, no lead waiting on another's commit for a buyer's count
  // (capSlots.ts); a lead an experiment counts queues its visit in the same commit, counted after (countsFolding.ts).
  return storeWithPlaces(db, lead, options);
}

/** The unit behind insertRoutedLead on SQLite: the lead and, when an experiment counts it, its visit's counts. */
export async function storeRoutedLead(db: Kysely<Database>, args: { lead: NewLead; options: RoutedLeadOptions }): Promise<RoutedLeadResult> {
  const result = await storeRouted(db, args);
  // The visit's experiment counts follow the lead (and its deliveries, pending until they settle) in the same commit.
  if (countedLead(args.lead)) await refreshVisitOutcome(db, args.lead.flowId, args.lead.visitId!);
  return result;
}
async function storeRouted(db: Kysely<Database>, { lead, options: given }: { lead: NewLead; options: RoutedLeadOptions }): Promise<RoutedLeadResult> {
  const now = lead.receivedAt ?? new Date();
  const contact = contactOf(lead);
  const options = given.erased && (await isErasedContact(db, contact)) ? { ...given, exclusive: [], generic: [], noBuyer: given.erased } : given;
  const claimKeys = contactClaimKeys(contact);
  // A second pass only when the holder of a claim vanished (erased) between our look and theirs.
  for (let pass = 0; ; pass++) {
    await sql`savepoint routed_lead`.execute(db);
    try {
      const result = await storeOnce(db, lead, options, claimKeys, now);
      await sql`release savepoint routed_lead`.execute(db);
      return result;
    } catch (error) {
      await sql`rollback to savepoint routed_lead`.execute(db);
      await sql`release savepoint routed_lead`.execute(db);
      if (!(error instanceof ContactTaken)) throw error;
    }
    const holder = await claimHolder(db, lead.serviceType, claimKeys, now);
    if (holder) {
      const { code, note } = options.duplicate;
      const leadId = await insertRow(db, { ...lead, responseCode: code, duplicateOf: holder, routingNote: note });
      return { leadId, code, buyerKeys: [], duplicateOf: holder };
    }
    if (pass > 0) throw new Error("insertRoutedLead: a contact claim kept clashing with no lead holding it");
  }
}

async function storeOnce(db: Kysely<Database>, lead: NewLead, options: RoutedLeadOptions, claimKeys: string[], now: Date): Promise<RoutedLeadResult> {
  const taken = await offerToBuyers(options, (offer) => takeCapSlot(db, offer, options.capDay));
  const code = taken[0]?.responseCode ?? options.noBuyer.code;
  const row = toRow({ ...lead, responseCode: code, ...(taken.length === 0 ? { routingNote: options.noBuyer.note } : {}) });
  await db.insertInto("leads").values(row).execute();
  await claimContacts(db, row.id, lead.serviceType, claimKeys, now, options.duplicateWindowMs);
  if (taken.length > 0) await db.insertInto("deliveries").values(taken.map((offer) => deliveryRow(row.id, offer, now))).execute();
  return { leadId: row.id, code, buyerKeys: taken.map((offer) => offer.buyerKey) };
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

async function claimContacts(
  db: Kysely<Database>,
  leadId: string,
  serviceType: string,
  keys: string[],
  now: Date,
  windowMs: number,
): Promise<void> {
  if (keys.length === 0) return;
  const expiresAt = new Date(now.getTime() + windowMs).toISOString();
  // Takes each key when free or when its holder's window has passed; a live claim returns no row. One
  // statement for the phone and the e-mail alike.
  const claimed = await db
    .insertInto("contact_claims")
    .values(keys.map((contact) => ({ service_type: serviceType, contact, lead_id: leadId, expires_at: expiresAt })))
    .onConflict((oc) =>
      oc
        .columns(["service_type", "contact"])
        .doUpdateSet((eb) => ({ lead_id: eb.ref("excluded.lead_id"), expires_at: eb.ref("excluded.expires_at") }))
        .where("contact_claims.expires_at", "<=", now.toISOString()),
    )
    .returning("contact")
    .execute();
  if (claimed.length < keys.length) throw new ContactTaken(`${serviceType} contact already claimed`);
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
