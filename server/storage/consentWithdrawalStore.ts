/**
 * Withdrawing a lead's consent, inside the unit that does it (an erasure, or the visitor's own withdrawal): the
 * certificate's withdrawal is recorded by its jti, the lead's deliveries not yet sent are stopped, and each buyer the
 * lead may have reached (a delivery sent, or being sent, or tried) is queued a notice of its own (consent_notices),
 * which names the lead id, the jti and the time, and nothing personal. A delivery claimed while this runs checks the
 * withdrawal itself before it is sent (server/delivery/sendDelivery.ts).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { runUnit } from "./connection";
import { recordWithdrawals } from "./consentStore";
import { refreshLeadOutcome } from "./experiments/visitOutcome";
import type { Database } from "./schema";

/** Why a consent was withdrawn, as recorded for the operator. */
export type WithdrawalReason = "erasure" | "unsubscribe";

/** What a delivery stopped by a withdrawal records as its reason. */
export const STOPPED_BY_WITHDRAWAL = "not sent: the visitor withdrew their consent";

/** A lead whose consent is withdrawn, by its certificate. */
interface CertifiedLead {
  id: string;
  consent_jti: string | null;
  consent_kid: string | null;
}

/**
 * Withdraws the consents of these leads (those with a certificate) and queues their buyers' notices; returns how many
 * notices were queued. `db` is inside the caller's unit; a consent withdrawn before keeps its first time and queues
 * nothing again.
 */
export async function withdrawLeadConsents(db: Kysely<Database>, leads: CertifiedLead[], reason: WithdrawalReason, now: Date): Promise<number> {
  const certified = leads.filter((lead): lead is CertifiedLead & { consent_jti: string; consent_kid: string } => lead.consent_jti !== null && lead.consent_kid !== null);
  if (certified.length === 0) return 0;
  const jtis = certified.map((lead) => lead.consent_jti);
  const before = new Set((await db.selectFrom("consent_withdrawals").select("jti").where("jti", "in", jtis).execute()).map((row) => row.jti));
  const fresh = certified.filter((lead) => !before.has(lead.consent_jti));
  if (fresh.length === 0) return 0;
  await recordWithdrawals(db, fresh.map((lead) => ({ jti: lead.consent_jti, kid: lead.consent_kid })), reason, now);
  const leadIds = fresh.map((lead) => lead.id);
  const at = now.toISOString();
  // A delivery never tried has reached no one: it is stopped. One sent, being sent or tried may have: its buyer is told.
  const reached = await db
    .selectFrom("deliveries")
    .select(["lead_id", "buyer_key"])
    .distinct()
    .where("lead_id", "in", leadIds)
    .where((w) => w.or([w("status", "not in", ["pending", "rejected", "dead"]), w("attempts", ">", 0)]))
    .execute();
  const stopped = await db
    .updateTable("deliveries")
    .set({ status: "rejected", last_error: STOPPED_BY_WITHDRAWAL, lease_owner: null, lease_until: null, updated_at: at, finished_at: at, price_pence: null })
    .where("lead_id", "in", leadIds)
    .where("status", "=", "pending")
    .returning("lead_id")
    .execute();
  for (const leadId of new Set(stopped.map((row) => row.lead_id))) await refreshLeadOutcome(db, leadId);
  if (reached.length === 0) return 0;
  const jtiOf = new Map(fresh.map((lead) => [lead.id, lead.consent_jti]));
  await db
    .insertInto("consent_notices")
    .values(
      reached.map(({ lead_id, buyer_key }) => ({
        id: randomUUID(),
        jti: jtiOf.get(lead_id)!,
        lead_id,
        buyer_key,
        withdrawn_at: at,
        status: "pending" as const,
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(["jti", "buyer_key"]).doNothing())
    .execute();
  return reached.length;
}

/** What the visitor's withdrawal of one certificate came to. */
export type WithdrawOutcome = { withdrawn: "now" | "before"; withdrawnAt: string } | { withdrawn: "unknown" };

/** Withdraws the consent of the lead holding this certificate, as one unit. */
export function withdrawConsent(db: Kysely<Database>, jti: string, now: Date): Promise<WithdrawOutcome> {
  return runUnit(db, storeWithdrawal, { jti, now });
}

/** The unit behind withdrawConsent. */
export async function storeWithdrawal(db: Kysely<Database>, { jti, now }: { jti: string; now: Date }): Promise<WithdrawOutcome> {
  const earlier = await db.selectFrom("consent_withdrawals").select("withdrawn_at").where("jti", "=", jti).executeTakeFirst();
  if (earlier) return { withdrawn: "before", withdrawnAt: earlier.withdrawn_at };
  const lead = await db.selectFrom("leads").select(["id", "consent_jti", "consent_kid"]).where("consent_jti", "=", jti).executeTakeFirst();
  if (!lead) return { withdrawn: "unknown" };
  await withdrawLeadConsents(db, [lead], "unsubscribe", now);
  return { withdrawn: "now", withdrawnAt: now.toISOString() };
}

/** The withdrawals of the leads an erasure selects, before they are deleted; `db` is inside the erasure's unit. */
export async function withdrawBeforeErasure(db: Kysely<Database>, column: "email" | "phone", value: string, now: Date): Promise<void> {
  const leads = await db.selectFrom("leads").select(["id", "consent_jti", "consent_kid"]).where(column, "=", value).where("consent_jti", "is not", null).execute();
  await withdrawLeadConsents(db, leads, "erasure", now);
}
