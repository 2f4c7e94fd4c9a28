/**
 * Data-subject erasure: a person's leads (with their deliveries and claims) and newsletter sign-up are
 * deleted, and only a keyed hash of the contact is kept, so a new lead from them goes to no buyer. Their consent
 * certificates are withdrawn first, and the buyers the leads reached are told.
 */
import type { Kysely } from "kysely";
import { contactHash, normaliseEmail, normalisePhone, type ContactColumns } from "../contacts/contactKeys";
import { appSetting } from "./appSettings";
import { runUnit } from "./connection";
import { withdrawBeforeErasure } from "./consentWithdrawalStore";
import { refreshVisitOutcome, visitsOfLeads } from "./experiments/visitOutcome";
import type { Database } from "./schema";

/** What an erasure removed. */
export interface ErasureResult {
  leadsErased: number;
  newsletterErased: number;
}

/** The installation's hash key, made by the migrations. */
function hashKey(db: Kysely<Database>): Promise<string> {
  return appSetting(db, "erasure_hash_key");
}

/** Erases everything held about an e-mail address or a phone number, as one unit. */
export function eraseContact(db: Kysely<Database>, kind: "email" | "phone", value: string, now: Date): Promise<ErasureResult> {
  return runUnit(db, storeErasure, { kind, value, now });
}

/** The unit behind eraseContact; `db` is inside the unit's transaction. */
export async function storeErasure(db: Kysely<Database>, { kind, value, now }: { kind: "email" | "phone"; value: string; now: Date }): Promise<ErasureResult> {
  const contact = kind === "email" ? normaliseEmail(value) : normalisePhone(value);
  const hash = contactHash(await hashKey(db), `${kind}:${contact}`);
  const visits = await visitsOfLeads(db, kind, contact);
  // Their certificates read "withdrawn" from now on, and the buyers they reached are told (no contact detail goes).
  await withdrawBeforeErasure(db, kind, contact, now);
  // Deliveries, their attempts and contact claims go with the lead (ON DELETE CASCADE).
  const leads = await db.deleteFrom("leads").where(kind, "=", contact).executeTakeFirst();
  // The experiment counts follow the truth: a visit whose lead is erased counts as a visit without one.
  for (const { flowId, visitId } of visits) await refreshVisitOutcome(db, flowId, visitId);
  const newsletter = kind === "email" ? await db.deleteFrom("newsletter_subscribers").where("email", "=", contact).executeTakeFirst() : undefined;
  const leadsErased = Number(leads.numDeletedRows);
  await db
    .insertInto("erasures")
    .values({ contact_hash: hash, kind, erased_at: now.toISOString(), leads_erased: leadsErased })
    .onConflict((oc) => oc.column("contact_hash").doUpdateSet({ erased_at: now.toISOString(), leads_erased: leadsErased }))
    .execute();
  return { leadsErased, newsletterErased: Number(newsletter?.numDeletedRows ?? 0) };
}

/** The hashes an erasure of a lead's e-mail or phone would have left (the key is read once per database). */
export async function erasureHashes(db: Kysely<Database>, contact: ContactColumns): Promise<string[]> {
  const key = await hashKey(db);
  return [
    contact.email ? contactHash(key, `email:${contact.email}`) : undefined,
    contact.phone ? contactHash(key, `phone:${contact.phone}`) : undefined,
  ].filter((h): h is string => h !== undefined);
}

/** Whether the phone or e-mail of a lead belongs to someone who asked to be erased. */
export async function isErasedContact(db: Kysely<Database>, contact: ContactColumns): Promise<boolean> {
  const hashes = await erasureHashes(db, contact);
  if (hashes.length === 0) return false;
  const row = await db.selectFrom("erasures").select("contact_hash").where("contact_hash", "in", hashes).executeTakeFirst();
  return row !== undefined;
}
