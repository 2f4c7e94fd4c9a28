/**
 * One claimed withdrawal notice, taken to its next state: posted to its buyer like a lead's delivery (signed, with its
 * own idempotency key, retried with back-off, dead after the last attempt). A notice is not a lead: it goes at any hour.
 */
import type { ConsentNoticeRow } from "../storage/consentNoticesStore";
import { moveNotice, type NoticeStep } from "../storage/consentNoticesStore";
import { withdrawalNotice } from "./buyerPayload";
import { waitingForSecret } from "./holdReasons";
import { postToBuyer, type PostOutcome } from "./postToBuyer";
import { backoffDelay } from "./retryPolicy";
import type { SendDeliveryOptions } from "./sendDelivery";

/** How long a notice waiting for its buyer's secret waits before the worker looks again. */
const RECHECK_MS = 5 * 60_000;

/** Sends (or postpones, or settles) one notice the worker holds the lease on. */
export async function sendNotice(options: SendDeliveryOptions, worker: string, notice: ConsentNoticeRow, now: () => Date): Promise<void> {
  const { db, buyers, settings, log, secrets } = options;
  const about = { noticeId: notice.id, leadId: notice.lead_id, buyer: notice.buyer_key };
  const buyer = buyers.byKey(notice.buyer_key);
  if (!buyer) {
    const error = `buyer "${notice.buyer_key}" is no longer in the buyers file`;
    await moveNotice(db, notice, worker, { status: "dead", error, attempted: false }, now());
    log.warn({ ...about, reason: error }, "withdrawal notice dead: its buyer left the buyers file");
    return;
  }
  const secret = secrets[buyer.delivery.secretEnv];
  if (!secret) {
    await moveNotice(db, notice, worker, { status: "pending", nextAttemptAt: new Date(now().getTime() + RECHECK_MS), error: waitingForSecret(buyer.delivery.secretEnv), attempted: false }, now());
    return;
  }
  const result = await postToBuyer({
    url: buyer.delivery.url,
    secret,
    idempotencyKey: notice.id,
    body: JSON.stringify(withdrawalNotice(notice, buyer)),
    timeoutMs: settings.timeoutMs,
    now: now(),
  });
  const step = nextStep(result, notice.attempts + 1, settings, now());
  const kept = await moveNotice(db, notice, worker, step, now());
  const line = { ...about, attempt: notice.attempts + 1, outcome: result.outcome, status: step.status, httpStatus: result.httpStatus, ...(step.error ? { reason: step.error } : {}) };
  if (step.status === "dead") log.warn(line, "withdrawal notice dead: given up after its last attempt");
  else log.info(line, "withdrawal notice attempt");
  if (!kept) log.warn(about, "withdrawal notice recorded after the worker's lease lapsed");
}

/** Done on an answer; a retry later with back-off (or the buyer's Retry-After); dead after the last attempt. */
function nextStep(result: PostOutcome, attempt: number, settings: SendDeliveryOptions["settings"], now: Date): NoticeStep {
  const httpStatus = result.httpStatus === undefined ? {} : { httpStatus: result.httpStatus };
  if (result.outcome !== "retry") return { status: result.outcome, attempted: true, ...httpStatus, ...(result.error ? { error: result.error } : {}) };
  if (attempt >= settings.maxAttempts) return { status: "dead", attempted: true, ...httpStatus, error: `gave up after ${attempt} attempts: ${result.error}` };
  return { status: "pending", attempted: true, ...httpStatus, nextAttemptAt: new Date(now.getTime() + (result.retryAfterMs ?? backoffDelay(attempt, settings))), error: result.error };
}
