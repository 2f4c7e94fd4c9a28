/**
 * A rate limit on every POST, per client address and route, counted in the window counts it is given: this
 * instance's memory, or Redis when REDIS_URL is set so several instances share the count (and this instance's memory
 * while Redis is away: security/windowCounts.ts). Pages are not limited; a GET route that costs money (address
 * lookups) opts in with its own `config.rateLimit`. Each route counts on its own, so newsletter sign-ups or funnel
 * beacons never use up a visitor's leads; a route may set its own budget with `config: { rateLimit: { max } }`.
 */
import rateLimit, { normalizeIP, type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { WindowCounts } from "../security/windowCounts";

/** The limit, its window, and where it is counted. */
export interface RateLimitsOptions {
  max: number;
  windowMs: number;
  counts: WindowCounts;
}

/** The error code the error handler answers 429 for. */
export const RATE_LIMITED = "FST_RATE_LIMITED";

/** The plugin's store over window counts. */
class WindowCountsStore implements FastifyRateLimitStore {
  constructor(private readonly counts: WindowCounts) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    this.counts.take(key, timeWindow).then(
      ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
      (error: Error) => callback(error),
    );
  }

  /** Every key names its route (the key generator below, and each limiter's own), so routes share the one store. */
  child(): FastifyRateLimitStore {
    return this;
  }
}

async function rateLimits(fastify: FastifyInstance, { max, windowMs, counts }: RateLimitsOptions): Promise<void> {
  await fastify.register(rateLimit, {
    global: true,
    max,
    timeWindow: windowMs,
    allowList: (request) => request.method !== "POST",
    keyGenerator: (request) => `${normalizeIP(request.ip, 64)} ${request.routeOptions.url ?? request.url}`,
    store: class extends WindowCountsStore {
      constructor() {
        super(counts);
      }
    },
    errorResponseBuilder: (_request, context) => Object.assign(new Error(`Rate limit reached, retry in ${context.after}`), { statusCode: context.statusCode, code: RATE_LIMITED }),
  });
}

/** Registered before the routes, whose POSTs it then limits. */
export default fp(rateLimits, { name: "rate-limits", fastify: "5.x" });
