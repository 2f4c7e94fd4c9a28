/**
 * Deliveries as the operator's command line finds and requeues them (`npm run leads -- deliveries`, `requeue`):
 * by status, buyer and time, across leads. Never reachable over HTTP.
 */
import type { Kysely } from "kysely";
import { runUnit } from "./connection";
import { refreshLeadOutcome } from "./experiments/visitOutcome";
import type { Database, DeliveryRow, DeliveryStatus } from "./schema";

/** Which deliveries: by status (a pattern of `last_error` narrows them to those held for a reason), buyer and creation time. */
export interface DeliveryFilter {
  statuses: DeliveryStatus[];
  /** A LIKE pattern the row's last_error must match. */
  reasonLike?: string;
  buyerKey?: string;
  since?: Date;
}

/** The matching deliveries, oldest first, at most `limit`, and how many match in all. */
export async function findDeliveries(db: Kysely<Database>, filter: DeliveryFilter, limit: number): Promise<{ rows: DeliveryRow[]; total: number }> {
  const rows = await matching(db, filter).selectAll().orderBy("created_at").orderBy("id").limit(limit).execute();
  const counted = await matching(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(counted.count) };
}

/** How many deliveries match, by status. */
export async function countDeliveries(db: Kysely<Database>, filter: DeliveryFilter): Promise<Map<DeliveryStatus, number>> {
  const rows = await matching(db, filter)
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy("status")
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.count)]));
}

/** Leads requeued per unit: each unit is short, so the store's other writers wait little. */
const LEADS_PER_UNIT = 100;

/**
 * Puts the matching deliveries back in the queue with fresh attempts, due now; returns how many. Each lead's visit
 * is pending again in the experiment counts, in the same unit as its rows.
 */
export async function requeueMatching(db: Kysely<Database>, filter: DeliveryFilter, now: Date): Promise<number> {
  const leads = await matching(db, filter).select("lead_id").distinct().execute();
  let requeued = 0;
  for (let i = 0; i < leads.length; i += LEADS_PER_UNIT) {
    const leadIds = leads.slice(i, i + LEADS_PER_UNIT).map((l) => l.lead_id);
    requeued += await runUnit(db, storeRequeueMatching, { filter: { ...filter, since: filter.since?.toISOString() }, leadIds, now: now.toISOString() });
  }
  return requeued;
}

/** The unit behind requeueMatching, for one slice of leads (plain data: it may run in the SQLite writer's thread). */
export async function storeRequeueMatching(
  db: Kysely<Database>,
  { filter, leadIds, now }: { filter: Omit<DeliveryFilter, "since"> & { since: string | undefined }; leadIds: string[]; now: string },
): Promise<number> {
  const { since, ...rest } = filter;
  const ids = matching(db, { ...rest, ...(since ? { since: new Date(since) } : {}) })
    .select("id")
    .where("lead_id", "in", leadIds);
  const updated = await db
    .updateTable("deliveries")
    .set({ status: "pending", attempts: 0, next_attempt_at: now, result_code: null, finished_at: null, updated_at: now, price_pence: null, lease_owner: null, lease_until: null })
    .where("id", "in", ids)
    .executeTakeFirst();
  for (const leadId of leadIds) await refreshLeadOutcome(db, leadId);
  return Number(updated.numUpdatedRows);
}

function matching(db: Kysely<Database>, { statuses, reasonLike, buyerKey, since }: DeliveryFilter) {
  return db
    .selectFrom("deliveries")
    .where("status", "in", statuses)
    .$if(buyerKey !== undefined, (qb) => qb.where("buyer_key", "=", buyerKey!))
    .$if(since !== undefined, (qb) => qb.where("created_at", ">=", since!.toISOString()))
    .$if(reasonLike !== undefined, (qb) => qb.where("last_error", "like", reasonLike!));
}
