/**
 * Counts per key over fixed windows of time, for budgets the route rate limits cannot express (one budget across
 * several routes, or a count that must not stop the request): in memory for one instance, in Redis when REDIS_URL
 * is set so several instances share them. Like the rate limits, a Redis that fails lets the request through.
 */
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/** One key's count in its window after taking one, and how long until the window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/** Shared counters: one more for a key in the current window, a look without taking, and a way to let go of the connection. */
export interface WindowCounts {
  take(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's count in its current window without adding to it (0 when it has none). */
  peek(key: string): Promise<WindowCount>;
  close(): Promise<void>;
}

/** In memory: past this many keys, the ones whose window has ended are swept, so the map stays as big as one window's traffic. */
const SWEEP_AT = 10_000;

/** Counts in this process's memory. */
export function memoryWindowCounts(now: () => number = Date.now): WindowCounts {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async take(key, windowMs) {
      const at = now();
      if (windows.size >= SWEEP_AT) for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) windows.set(key, (window = { count: 0, resetAt: at + windowMs }));
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - at };
    },
    async peek(key) {
      const at = now();
      const window = windows.get(key);
      return window && window.resetAt > at ? { count: window.count, resetInMs: window.resetAt - at } : { count: 0, resetInMs: 0 };
    },
    async close() {
      windows.clear();
    },
  };
}

/** Counts in Redis, shared by every instance; a key lives as long as its window. */
export async function redisWindowCounts(url: string, log: FastifyBaseLogger): Promise<WindowCounts> {
  // As the rate limits: short time-outs and no queueing, so a slow Redis never holds a visitor.
  const redis = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  redis.on("error", (error: Error) => log.warn({ err: error }, "redis for request budgets is unavailable"));
  await redis.connect().catch((error: unknown) => log.warn({ err: error }, "redis for request budgets is unavailable at start"));
  return {
    async take(key, windowMs) {
      try {
        // The window starts with the key's first count; later counts add to it without moving its end.
        const results = await redis.multi().set(`switchplan-budget-${key}`, 0, "PX", windowMs, "NX").incr(`switchplan-budget-${key}`).pttl(`switchplan-budget-${key}`).exec();
        const count = Number(results?.[1]?.[1]);
        const ttl = Number(results?.[2]?.[1]);
        return Number.isFinite(count) ? { count, resetInMs: ttl > 0 ? ttl : windowMs } : { count: 0, resetInMs: windowMs };
      } catch {
        return { count: 0, resetInMs: windowMs };
      }
    },
    async peek(key) {
      try {
        const results = await redis.multi().get(`switchplan-budget-${key}`).pttl(`switchplan-budget-${key}`).exec();
        const count = Number(results?.[0]?.[1] ?? 0);
        const ttl = Number(results?.[1]?.[1]);
        return Number.isFinite(count) && ttl > 0 ? { count, resetInMs: ttl } : { count: 0, resetInMs: 0 };
      } catch {
        return { count: 0, resetInMs: 0 };
      }
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
