/**
 * What an exposed visit's lead adds to the experiment counts, kept as it changes: when the lead is stored, when a
 * delivery settles, when an operator puts a dead one back in the queue, when the lead is erased. The outcome is
 * recomputed from the truth rows (the visit's first lead and its deliveries) and the difference from what the visit
 * last added (experiment_visit_outcomes) is applied to its counts row, in the caller's unit of work.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database, DeliveryStatus } from "../schema";
import { addToCounts, exposureHour, type CountsChange, type CountsKey } from "./countsRows";

/** What became of a visit's lead (see outcomeOf). */
export type LeadOutcome = "accepted" | "pending" | "duplicate" | "rejected" | "unrouted";

/** What one visit adds to its counts row beyond its exposure. */
interface Contribution {
  lead: number;
  outcome: LeadOutcome | undefined;
  valuePence: number;
}

const NOTHING: Contribution = { lead: 0, outcome: undefined, valuePence: 0 };

/** A contribution as the counts columns it adds to: value and its square only once settled (a pending visit is out of the value's n). */
function columns(c: Contribution): Omit<CountsChange, "exposures"> {
  const settledValue = c.outcome === "pending" ? 0 : c.valuePence;
  return {
    leads: c.lead,
    pending: c.outcome === "pending" ? 1 : 0,
    accepted: c.outcome === "accepted" ? 1 : 0,
    valuePence: settledValue,
    valuePenceSquares: settledValue * settledValue,
    duplicates: c.outcome === "duplicate" ? 1 : 0,
    rejected: c.outcome === "rejected" ? 1 : 0,
    unrouted: c.outcome === "unrouted" ? 1 : 0,
  };
}

/**
 * What became of a lead: pending while any delivery is under way; accepted when one was delivered; a duplicate when
 * it repeats a lead already stored (code 2) or every buyer called it one; routed to no buyer when it has no delivery
 * (held, code "0", none matched); else rejected by every buyer it went to (rejected, or dead after every attempt).
 */
export function leadOutcome(duplicateOf: string | null, statuses: DeliveryStatus[]): LeadOutcome {
  if (statuses.some((s) => s === "pending" || s === "sending")) return "pending";
  if (statuses.includes("delivered")) return "accepted";
  if (duplicateOf !== null || (statuses.length > 0 && statuses.every((s) => s === "duplicate"))) return "duplicate";
  return statuses.length === 0 ? "unrouted" : "rejected";
}

/**
 * The outcome of a visit's lead: the visit's first non-test lead of the flow and version decides (earliest received,
 * then smallest id; later leads of the same visit change nothing). Settled, it is worth the delivered prices.
 */
async function outcomeOf(db: Kysely<Database>, flowId: string, visitId: string, version: number): Promise<{ leadId: string; outcome: Contribution } | undefined> {
  const lead = await db
    .selectFrom("leads")
    .select(["id", "duplicate_of"])
    .where("flow_id", "=", flowId)
    .where("visit_id", "=", visitId)
    .where("flow_version", "=", version)
    .where("test_mode", "=", 0)
    .orderBy("created_at")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!lead) return undefined;
  const deliveries = await db.selectFrom("deliveries").select(["status", "price_pence"]).where("lead_id", "=", lead.id).execute();
  const outcome = leadOutcome(lead.duplicate_of, deliveries.map((d) => d.status));
  const valuePence = outcome === "accepted" ? deliveries.filter((d) => d.status === "delivered").reduce((sum, d) => sum + (d.price_pence ?? 0), 0) : 0;
  return { leadId: lead.id, outcome: { lead: 1, outcome, valuePence } };
}

/** Brings the counts of every exposure of a visit (one per period) in line with its lead's outcome now. */
export async function refreshVisitOutcome(db: Kysely<Database>, flowId: string, visitId: string): Promise<void> {
  // On PostgreSQL two deliveries of one lead may settle at once: the visit's exposure rows, locked, take them in turn.
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const exposures = await db
    .selectFrom("experiment_exposures")
    .select(["period_id", "flow_version", "exposed_at", "day", "device", "source"])
    .where("flow_id", "=", flowId)
    .where("visit_id", "=", visitId)
    .$if(onPostgres, (qb) => qb.forUpdate())
    .execute();
  if (exposures.length === 0) return;
  // By the primary key (flow, period, visit), never a scan of the flow's outcomes.
  const before = await db
    .selectFrom("experiment_visit_outcomes")
    .selectAll()
    .where("flow_id", "=", flowId)
    .where("period_id", "in", exposures.map((e) => e.period_id))
    .where("visit_id", "=", visitId)
    .execute();
  const outcomes = new Map<number, Awaited<ReturnType<typeof outcomeOf>>>();
  for (const exposure of exposures) {
    if (!outcomes.has(exposure.flow_version)) outcomes.set(exposure.flow_version, await outcomeOf(db, flowId, visitId, exposure.flow_version));
    const now = outcomes.get(exposure.flow_version);
    const row = before.find((b) => b.period_id === exposure.period_id);
    const was: Contribution = row ? { lead: 1, outcome: row.outcome as LeadOutcome, valuePence: Number(row.value_pence) } : NOTHING;
    const next = now?.outcome ?? NOTHING;
    const key: CountsKey = { flowId, periodId: exposure.period_id, version: exposure.flow_version, day: exposure.day, hour: exposureHour(exposure.exposed_at), device: exposure.device, source: exposure.source };
    await applyDifference(db, key, was, next);
    const where = { flow_id: flowId, period_id: exposure.period_id, visit_id: visitId };
    if (!now) {
      if (row) await db.deleteFrom("experiment_visit_outcomes").where("flow_id", "=", flowId).where("period_id", "=", exposure.period_id).where("visit_id", "=", visitId).execute();
      continue;
    }
    const values = { lead_id: now.leadId, pending: next.outcome === "pending" ? 1 : 0, accepted: next.outcome === "accepted" ? 1 : 0, value_pence: next.valuePence, outcome: next.outcome! };
    await db
      .insertInto("experiment_visit_outcomes")
      .values({ ...where, ...values })
      .onConflict((oc) => oc.columns(["flow_id", "period_id", "visit_id"]).doUpdateSet(values))
      .execute();
  }
}

async function applyDifference(db: Kysely<Database>, key: CountsKey, was: Contribution, next: Contribution): Promise<void> {
  const [before, after] = [columns(was), columns(next)];
  const change: CountsChange = { exposures: 0, ...after };
  for (const column of Object.keys(before) as Array<keyof typeof before>) change[column] = after[column] - before[column];
  if (Object.values(change).every((n) => n === 0)) return;
  await addToCounts(db, key, change);
}

/** Refreshes the visit a lead came from, when it has one. */
export async function refreshLeadOutcome(db: Kysely<Database>, leadId: string): Promise<void> {
  const lead = await db.selectFrom("leads").select(["flow_id", "visit_id"]).where("id", "=", leadId).executeTakeFirst();
  if (lead?.visit_id) await refreshVisitOutcome(db, lead.flow_id, lead.visit_id);
}

/** The visits of the leads a condition selects, before they are deleted (an erasure), to refresh them after. */
export async function visitsOfLeads(db: Kysely<Database>, column: "email" | "phone", value: string): Promise<Array<{ flowId: string; visitId: string }>> {
  const rows = await db.selectFrom("leads").select(["flow_id", "visit_id"]).distinct().where(column, "=", value).where("visit_id", "is not", null).execute();
  return rows.map((r) => ({ flowId: r.flow_id, visitId: r.visit_id! }));
}

/** Whether a visit has any lead of the flow: the exposure path looks only then. */
export async function visitHasLead(db: Kysely<Database>, flowId: string, visitId: string): Promise<boolean> {
  const row = await sql<{ one: number }>`select 1 as one from leads where flow_id = ${flowId} and visit_id = ${visitId} limit 1`.execute(db);
  return row.rows.length > 0;
}
