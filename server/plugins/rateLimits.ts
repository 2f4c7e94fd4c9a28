/**
 * A rate limit on every POST, per client address and route: in memory for one instance, in Redis when
 * REDIS_URL is set so several instances share the count. Pages are not limited; a GET route that costs
 * money (address lookups) opts in with its own `config.rateLimit`. Each route
 * counts on its own, so newsletter sign-ups or funnel beacons never use up a visitor's leads; a route
 * may set its own budget with `config: { rateLimit: { max } }`.
 */
import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";

/** The limit, its window, and Redis when instances share it. */
export interface RateLimitsOptions {
  max: number;
  windowMs: number;
  redisUrl?: string;
}

/** The error code the error handler answers 429 for. */
export const RATE_LIMITED = "FST_RATE_LIMITED";

async function rateLimits(fastify: FastifyInstance, { max, windowMs, redisUrl }: RateLimitsOptions): Promise<void> {
  // Short time-outs and no queueing: a slow Redis must not hold a visitor's lead; the limit then lets it through.
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true }) : undefined;
  if (redis) {
    redis.on("error", (error: Error) => fastify.log.warn({ err: error }, "redis for rate limits is unavailable"));
    await redis.connect().catch((error: unknown) => fastify.log.warn({ err: error }, "redis for rate limits is unavailable at start"));
    fastify.addHook("onClose", async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }

  await fastify.register(rateLimit, {
    global: true,
    max,
    timeWindow: windowMs,
    allowList: (request) => request.method !== "POST",
    keyGenerator: (request) => `${normalizeIP(request.ip, 64)} ${request.routeOptions.url ?? request.url}`,
    ...(redis ? { redis, nameSpace: "switchplan-rate-limit-", skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => Object.assign(new Error(`Rate limit reached, retry in ${context.after}`), { statusCode: context.statusCode, code: RATE_LIMITED }),
  });
}

/** Registered before the routes, whose POSTs it then limits. */
export default fp(rateLimits, { name: "rate-limits", fastify: "5.x" });
