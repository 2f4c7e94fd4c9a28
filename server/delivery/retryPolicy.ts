/** When to try a delivery again: exponential back-off with jitter, or the buyer's own Retry-After. */

/** The back-off settings. */
export interface BackoffSettings {
  /** The first retry's delay before jitter. */
  backoffMs: number;
  /** No back-off delay grows past this. */
  backoffMaxMs: number;
}

/** A buyer may ask for a long pause, but not one that parks a lead for days. */
const RETRY_AFTER_CEILING_MS = 24 * 60 * 60_000;

/**
 * The delay before retry number `attempt` (1 after the first failure): base·2^(attempt−1), capped,
 * then drawn from its upper half so a crowd of failures spreads out instead of retrying together.
 */
export function backoffDelay(attempt: number, { backoffMs, backoffMaxMs }: BackoffSettings, random: () => number = Math.random): number {
  const ceiling = Math.min(backoffMaxMs, backoffMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** A Retry-After header (seconds, or an HTTP date) as milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now.getTime();
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(0, ms), RETRY_AFTER_CEILING_MS);
}

/** What the longest retry schedule depends on. */
export interface RetrySchedule extends BackoffSettings {
  maxAttempts: number;
  /** Each attempt may wait this long for the buyer's answer. */
  timeoutMs: number;
}

/** The delivery settings' defaults (DELIVERY_MAX_ATTEMPTS, DELIVERY_TIMEOUT_MS, DELIVERY_BACKOFF_MS, DELIVERY_BACKOFF_MAX_MS). */
export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = { maxAttempts: 10, timeoutMs: 10_000, backoffMs: 30_000, backoffMaxMs: 60 * 60_000 };

/**
 * The longest a lead's delivery can stay under way when every attempt fails until the last, in whole hours rounded
 * up: every attempt's time-out plus every back-off at its ceiling (the default settings give 4 hours). The results
 * page waits this long before a visit's outcome counts as settled (RESULTS_SETTLE_HOURS changes it).
 */
export function longestRetryHours({ maxAttempts, timeoutMs, backoffMs, backoffMaxMs }: RetrySchedule): number {
  let ms = maxAttempts * timeoutMs;
  for (let attempt = 1; attempt < maxAttempts; attempt++) ms += Math.min(backoffMaxMs, backoffMs * 2 ** (attempt - 1));
  return Math.ceil(ms / 3_600_000);
}
