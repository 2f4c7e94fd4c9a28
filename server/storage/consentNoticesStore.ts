/**
 * Withdrawal notices as the delivery worker sends them: claimed under a lease like a lead's deliveries (FOR UPDATE
 * SKIP LOCKED on PostgreSQL), moved on after each attempt, and read back for the operator.
 */
import type { Kysely, Selectable } from "kysely";
import { FINAL_STATUSES, claimDue, type ClaimOptions } from "./deliveriesStore";
import type { ConsentNoticesTable, Database, DeliveryStatus } from "./schema";

/** A notice row as read back. */
export type ConsentNoticeRow = Selectable<ConsentNoticesTable>;

/** Takes up to `limit` due notices for a worker, under the deliveries' lease (deliveriesStore.ts). */
export async function claimDueNotices(db: Kysely<Database>, options: ClaimOptions): Promise<ConsentNoticeRow[]> {
  return (await claimDue(db, "consent_notices", options)) as ConsentNoticeRow[];
}

/** Where a notice goes next: its status, when to try again (pending), the buyer's HTTP status and the error. */
export interface NoticeStep {
  status: DeliveryStatus;
  nextAttemptAt?: Date;
  httpStatus?: number;
  error?: string;
  /** Whether this step was an attempt (a postponement, waiting for a secret, is not). */
  attempted: boolean;
}

/** Moves a claimed notice on; false when the worker had lost its lease. */
export async function moveNotice(db: Kysely<Database>, notice: ConsentNoticeRow, worker: string, step: NoticeStep, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const updated = await db
    .updateTable("consent_notices")
    .set({
      status: step.status,
      attempts: notice.attempts + (step.attempted ? 1 : 0),
      next_attempt_at: (step.nextAttemptAt ?? now).toISOString(),
      lease_owner: null,
      lease_until: null,
      http_status: step.httpStatus ?? null,
      last_error: step.error ?? null,
      updated_at: at,
      finished_at: FINAL_STATUSES.includes(step.status) ? at : null,
    })
    .where("id", "=", notice.id)
    .where("lease_owner", "=", worker)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The notices of a certificate, by buyer key. */
export async function noticesOf(db: Kysely<Database>, jti: string): Promise<ConsentNoticeRow[]> {
  return db.selectFrom("consent_notices").selectAll().where("jti", "=", jti).orderBy("buyer_key").execute();
}
