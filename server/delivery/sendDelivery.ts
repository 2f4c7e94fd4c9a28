/** One claimed delivery row, taken through to its next state: sent and recorded, postponed, or settled. */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { BuyerDirectory, ConfiguredBuyer } from "../buyers/buyerDirectory";
import type { DeliveryConfig } from "../config";
import type { DeliveryMetrics } from "../metrics/deliveryMetrics";
import { isWithdrawn } from "../storage/consentStore";
import { STOPPED_BY_WITHDRAWAL } from "../storage/consentWithdrawalStore";
import { findLead } from "../storage/leadsStore";
import { postponeDelivery, recordAttempt, settleWithoutSending, type AttemptResult } from "../storage/deliveriesStore";
import type { Database, DeliveryRow } from "../storage/schema";
import { buyerPayload, leadNamesBuyer } from "./buyerPayload";
import { postToBuyer, type PostOutcome } from "./postToBuyer";
import { waitingForSecret } from "./holdReasons";
import { backoffDelay } from "./retryPolicy";

/** How long a held delivery waits before the worker looks again (a secret still unset, hours that never open). */
const RECHECK_MS = 5 * 60_000;

const warnedMissingSecret = new Set<string>();

/** What a send needs: the database, the buyers and their settings, a log, and where the signing secrets are read. */
export interface SendDeliveryOptions {
  db: Kysely<Database>;
  buyers: BuyerDirectory;
  settings: Omit<DeliveryConfig, "worker">;
  log: FastifyBaseLogger;
  /** Where buyers' HMAC secrets are read (process.env). */
  secrets: NodeJS.ProcessEnv;
  /** Counts attempts and dead letters (when the process exports metrics). */
  metrics?: DeliveryMetrics;
}

/** Sends (or postpones, or settles) one row the worker holds the lease on. */
export async function sendDelivery(options: SendDeliveryOptions, worker: string, row: DeliveryRow, now: () => Date): Promise<void> {
  const { db, buyers, settings, log, secrets, metrics } = options;
  // Every line names the delivery, its lead and buyer (and, once the lead is read, the request that sent it).
  const about: Record<string, unknown> = { deliveryId: row.id, leadId: row.lead_id, buyer: row.buyer_key };
  const buyer = buyers.byKey(row.buyer_key);
  if (!buyer) {
    const reason = `buyer "${row.buyer_key}" is no longer in the buyers file`;
    await settleWithoutSending(db, row.id, worker, "dead", reason, now());
    metrics?.dead(row.buyer_key);
    log.warn({ ...about, reason }, "delivery dead: its buyer left the buyers file");
    return;
  }
  if (!buyer.deliveryHours.isOpen(now())) {
    const opens = buyer.deliveryHours.nextOpening(now()) ?? new Date(now().getTime() + RECHECK_MS);
    await postponeDelivery(db, row.id, worker, opens, `waiting for the buyer's delivery hours (${buyer.deliveryHours.text})`, now());
    return;
  }
  const secret = secrets[buyer.delivery.secretEnv];
  if (!secret) {
    await postponeDelivery(db, row.id, worker, new Date(now().getTime() + RECHECK_MS), waitingForSecret(buyer.delivery.secretEnv), now());
    if (!warnedMissingSecret.has(buyer.key)) {
      warnedMissingSecret.add(buyer.key);
      log.warn({ buyer: buyer.key, variable: buyer.delivery.secretEnv }, "deliveries wait: the buyer's signing secret is not set");
    }
    return;
  }
  const lead = await findLead(db, row.lead_id);
  if (!lead) return; // Erased while queued: its delivery rows went with it.
  if (lead.request_id) about.requestId = lead.request_id;
  if (lead.consent_jti && (await isWithdrawn(db, lead.consent_jti))) {
    // Withdrawn while this row was held (closed hours, a missing secret): it goes to no one.
    await settleWithoutSending(db, row.id, worker, "rejected", STOPPED_BY_WITHDRAWAL, now());
    log.info(about, "delivery stopped: the visitor withdrew their consent");
    return;
  }
  if (!leadNamesBuyer(lead, buyer)) {
    await settleWithoutSending(db, row.id, worker, "rejected", "the lead's consent does not name this buyer", now());
    log.error(about, "delivery refused: the lead's consent does not name its buyer");
    return;
  }

  const startedAt = now();
  const clock = performance.now();
  const result = await postToBuyer({
    url: buyer.delivery.url,
    secret,
    idempotencyKey: row.idempotency_key,
    body: JSON.stringify(buyerPayload(lead, row, buyer)),
    timeoutMs: settings.timeoutMs,
    now: startedAt,
  });
  const seconds = (performance.now() - clock) / 1000;
  const next = { ...nextState(result, row.attempts + 1, settings, now()), pricePence: pricePence(buyer) };
  const kept = await recordAttempt(
    db,
    row,
    worker,
    { startedAt, durationMs: seconds * 1000, outcome: result.outcome, ...optional(result) },
    next,
    now(),
  );
  metrics?.attempted(buyer.key, result.outcome, seconds);
  if (next.status === "dead") metrics?.dead(buyer.key);
  const attempt = { ...about, attempt: row.attempts + 1, outcome: result.outcome, status: next.status, httpStatus: result.httpStatus };
  if (next.status === "dead") log.warn({ ...attempt, reason: next.error }, "delivery dead: given up after its last attempt");
  else log.info({ ...attempt, ...(next.error ? { reason: next.error } : {}) }, "delivery attempt");
  if (!kept) log.warn(about, "delivery attempt recorded after the worker's lease lapsed");
}

/** Done on an answer; a retry later with back-off (or the buyer's Retry-After); dead after the last attempt. */
function nextState(result: PostOutcome, attempt: number, settings: SendDeliveryOptions["settings"], now: Date): AttemptResult {
  if (result.outcome !== "retry") {
    return { status: result.outcome, resultCode: result.resultCode, ...(result.error ? { error: result.error } : {}) };
  }
  if (attempt >= settings.maxAttempts) return { status: "dead", error: `gave up after ${attempt} attempts: ${result.error}` };
  const delay = result.retryAfterMs ?? backoffDelay(attempt, settings);
  return { status: "pending", nextAttemptAt: new Date(now.getTime() + delay), error: result.error };
}

/** What the buyer pays per lead delivered now, in pence; 0 under revenue share, where no price is agreed per lead. */
function pricePence(buyer: ConfiguredBuyer): number {
  return buyer.model.type === "cp" ? Math.round(buyer.model.price * 100) : 0;
}

function optional(result: PostOutcome): { httpStatus?: number; error?: string } {
  return { ...(result.httpStatus === undefined ? {} : { httpStatus: result.httpStatus }), ...(result.error ? { error: result.error } : {}) };
}
