/**
 * Delivery rows as the worker and the operator use them: claiming due rows under a lease (with
 * FOR UPDATE SKIP LOCKED on PostgreSQL, so two workers never take the same row), recording each
 * attempt, postponing, and putting rows back in the queue.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { isPostgres, runUnit } from "./connection";
import { refreshLeadOutcome } from "./experiments/visitOutcome";
import type { Database, DeliveryAttemptRow, DeliveryRow, DeliveryStatus } from "./schema";

/** Statuses after which the worker leaves a row alone. */
export const FINAL_STATUSES: readonly DeliveryStatus[] = ["delivered", "duplicate", "rejected", "dead"];

/** Which worker claims, when, and for how long. */
export interface ClaimOptions {
  worker: string;
  now: Date;
  /** How long the rows stay the worker's; a row whose lease lapses (a crashed worker) is due again. */
  leaseMs: number;
  limit: number;
}

/** Takes up to `limit` due rows for a worker: pending ones whose time has come, and sending ones whose lease lapsed. */
export async function claimDueDeliveries(db: Kysely<Database>, options: ClaimOptions): Promise<DeliveryRow[]> {
  return (await claimDue(db, "deliveries", options)) as DeliveryRow[];
}

/**
 * The lease every worker's queue takes its due rows by (a lead's deliveries, a withdrawal's notices): pending rows
 * whose time has come and sending rows whose lease lapsed, oldest due first.
 */
export async function claimDue(db: Kysely<Database>, table: "deliveries" | "consent_notices", { worker, now, leaseMs, limit }: ClaimOptions) {
  const at = now.toISOString();
  return db
    .updateTable(table as "deliveries")
    .set({ status: "sending", lease_owner: worker, lease_until: new Date(now.getTime() + leaseMs).toISOString(), updated_at: at })
    .where("id", "in", (eb) =>
      eb
        .selectFrom(table as "deliveries")
        .select("id")
        .where((w) =>
          w.or([
            w.and([w("status", "=", "pending"), w("next_attempt_at", "<=", at)]),
            w.and([w("status", "=", "sending"), w("lease_until", "<=", at)]),
          ]),
        )
        .orderBy("next_attempt_at")
        .limit(limit)
        // SQLite has one writer and no row locks; its UPDATE is atomic on its own.
        .$if(isPostgres(db), (qb) => qb.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute() as Promise<unknown[]>;
}

/** One try at sending, as recorded. */
export interface AttemptRecord {
  startedAt: Date;
  durationMs: number;
  httpStatus?: number;
  /** delivered, duplicate, rejected or retry. */
  outcome: string;
  error?: string;
}

/** Where the row goes after an attempt. */
export interface AttemptResult {
  status: DeliveryStatus;
  /** For pending: when to try again. */
  nextAttemptAt?: Date;
  resultCode?: number;
  error?: string;
  /** For delivered: what the buyer pays for it now, in pence (kept on the row: the price in force when delivered). */
  pricePence?: number;
}

/** Records an attempt and moves the row on, as one unit; false when the worker had lost its lease. */
export function recordAttempt(
  db: Kysely<Database>,
  delivery: DeliveryRow,
  worker: string,
  attempt: AttemptRecord,
  result: AttemptResult,
  now: Date,
): Promise<boolean> {
  return runUnit(db, storeAttempt, { delivery, worker, attempt, result, now });
}

/** The unit behind recordAttempt; `db` is inside the unit's transaction. */
export async function storeAttempt(
  db: Kysely<Database>,
  { delivery, worker, attempt, result, now }: { delivery: DeliveryRow; worker: string; attempt: AttemptRecord; result: AttemptResult; now: Date },
): Promise<boolean> {
  await db
    .insertInto("delivery_attempts")
    .values({
      id: randomUUID(),
      delivery_id: delivery.id,
      attempt: delivery.attempts + 1,
      started_at: attempt.startedAt.toISOString(),
      duration_ms: Math.round(attempt.durationMs),
      http_status: attempt.httpStatus ?? null,
      outcome: attempt.outcome,
      error: attempt.error ?? null,
      worker,
    })
    .execute();
  const at = now.toISOString();
  const updated = await db
    .updateTable("deliveries")
    .set((eb) => ({
      status: result.status,
      attempts: eb("attempts", "+", 1),
      next_attempt_at: (result.nextAttemptAt ?? now).toISOString(),
      lease_owner: null,
      lease_until: null,
      result_code: result.resultCode ?? null,
      last_error: result.error ?? null,
      updated_at: at,
      finished_at: FINAL_STATUSES.includes(result.status) ? at : null,
      price_pence: result.status === "delivered" ? (result.pricePence ?? null) : null,
    }))
    .where("id", "=", delivery.id)
    .where("lease_owner", "=", worker)
    .executeTakeFirst();
  const kept = Number(updated.numUpdatedRows) > 0;
  // A settled delivery may settle its lead's visit in the experiment counts; a retry leaves it pending.
  if (kept && FINAL_STATUSES.includes(result.status)) await refreshLeadOutcome(db, delivery.lead_id);
  return kept;
}

/** Puts a claimed row back without an attempt (closed hours, no secret yet), due again at `until`. */
export async function postponeDelivery(db: Kysely<Database>, id: string, worker: string, until: Date, reason: string, now: Date): Promise<void> {
  await db
    .updateTable("deliveries")
    .set({ status: "pending", next_attempt_at: until.toISOString(), lease_owner: null, lease_until: null, last_error: reason, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("lease_owner", "=", worker)
    .execute();
}

/** Ends a claimed row without sending it (its buyer left the file, or the lead does not name it), as one unit. */
export async function settleWithoutSending(db: Kysely<Database>, id: string, worker: string, status: DeliveryStatus, reason: string, now: Date): Promise<void> {
  await runUnit(db, storeSettlement, { id, worker, status, reason, now });
}

/** The unit behind settleWithoutSending: the row, and its lead's visit in the experiment counts. */
export async function storeSettlement(
  db: Kysely<Database>,
  { id, worker, status, reason, now }: { id: string; worker: string; status: DeliveryStatus; reason: string; now: Date },
): Promise<void> {
  const at = now.toISOString();
  const settled = await db
    .updateTable("deliveries")
    .set({ status, lease_owner: null, lease_until: null, last_error: reason, updated_at: at, finished_at: at, price_pence: null })
    .where("id", "=", id)
    .where("lease_owner", "=", worker)
    .returning("lead_id")
    .executeTakeFirst();
  if (settled) await refreshLeadOutcome(db, settled.lead_id);
}

/**
 * Puts a lead's dead or rejected deliveries back in the queue with fresh attempts; returns how many. Its visit is
 * pending again in the experiment counts (what it added as settled is taken back), in the same unit.
 */
export async function requeueDeliveries(db: Kysely<Database>, leadId: string, now: Date): Promise<number> {
  return runUnit(db, storeRequeue, { leadId, now });
}

/** The unit behind requeueDeliveries. */
export async function storeRequeue(db: Kysely<Database>, { leadId, now }: { leadId: string; now: Date }): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable("deliveries")
    .set({ status: "pending", attempts: 0, next_attempt_at: at, result_code: null, finished_at: null, updated_at: at, price_pence: null })
    .where("lead_id", "=", leadId)
    .where("status", "in", ["dead", "rejected"])
    .executeTakeFirst();
  const requeued = Number(result.numUpdatedRows);
  if (requeued > 0) await refreshLeadOutcome(db, leadId);
  return requeued;
}

/** A lead's delivery rows, oldest first. */
export async function deliveriesOfLead(db: Kysely<Database>, leadId: string): Promise<DeliveryRow[]> {
  return db.selectFrom("deliveries").selectAll().where("lead_id", "=", leadId).orderBy("created_at").orderBy("buyer_key").execute();
}

/** The attempts of some deliveries, in the order they were made. */
export async function attemptsOf(db: Kysely<Database>, deliveryIds: string[]): Promise<DeliveryAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom("delivery_attempts")
    .selectAll()
    .where("delivery_id", "in", deliveryIds)
    .orderBy("started_at")
    .orderBy("attempt")
    .execute();
}

/** How many delivery rows are in each status. */
export async function deliveryCounts(db: Kysely<Database>): Promise<Partial<Record<DeliveryStatus, number>>> {
  const rows = await db
    .selectFrom("deliveries")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}
