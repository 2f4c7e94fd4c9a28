/** Redis, when the instances share their limits through it (REDIS_URL): whether it answers, and what was counted without it. */
import { Counter, Gauge, type Registry } from "prom-client";
import type { RedisHealth } from "../security/sharedRedis";

/** Registers the Redis series on `registry`, read from `redis` at each scrape. */
export function redisMetrics(registry: Registry, redis: RedisHealth): void {
  new Gauge({
    name: "switchplan_redis_reachable",
    help: "1 while Redis (REDIS_URL) answers; 0 while it is away: this instance then counts its limits in its own memory and refuses analysts' sign-ins (503).",
    registers: [registry],
    collect() {
      this.set(redis.reachable() ? 1 : 0);
    },
  });
  new Counter({
    name: "switchplan_redis_fallback_counts_total",
    help: "Counts this instance made in its own memory because Redis was away, by limit: rate_limit (the POST rate limits, step pages), budget (address lookups, new visits, quote sessions, sign-in failures).",
    labelNames: ["limit"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [limit, count] of Object.entries(redis.fallbackCounts())) this.inc({ limit }, count);
    },
  });
}
