/**
 * The Redis every instance shares its limits through (REDIS_URL): one connection for the rate limits and the request
 * budgets, and whether it answers now. Commands fail fast while it is away (short time-outs, no queueing), so a
 * request is never held by it: the limits then count in this instance's memory (windowCounts.ts) and analysts'
 * sign-ins are refused. The connection comes back by itself; the change is logged once each way.
 */
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/** Logged once when Redis stops answering. */
export const REDIS_GONE = "redis is unreachable: limits are counted in this instance's memory and analysts cannot sign in until it is back";
/** Logged once when it answers again. */
export const REDIS_BACK = "redis is reachable again: limits are shared";

/** The limits that count in memory while Redis is away, as the metrics name them. */
export type FallbackLimit = "rate_limit" | "budget";

/** What the metrics read: whether Redis answers, and how many counts were made in memory instead, by limit. */
export interface RedisHealth {
  reachable(): boolean;
  fallbackCounts(): Readonly<Record<FallbackLimit, number>>;
}

/** The shared connection. */
export interface SharedRedis extends RedisHealth {
  /** Runs `command`: its value, or undefined when Redis did not answer (the caller counts in memory instead). */
  attempt<T>(command: (client: Redis) => Promise<T>): Promise<{ value: T } | undefined>;
  /** Notes one count made in memory because Redis was away. */
  countedHere(limit: FallbackLimit): void;
  close(): Promise<void>;
}

/** Connects to `url`; a Redis away at start is logged and tried again in the background, as later. */
export async function connectSharedRedis(url: string, log: FastifyBaseLogger): Promise<SharedRedis> {
  const client = new Redis(url, { connectTimeout: 1000, commandTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  let state: "starting" | "up" | "away" = "starting";
  const away = (error: unknown) => {
    if (state === "away") return;
    state = "away";
    log.warn({ err: error }, REDIS_GONE);
  };
  const back = () => {
    if (state === "away") log.info(REDIS_BACK);
    state = "up";
  };
  // Every failed reconnection is an "error" event: only the change is logged.
  client.on("error", away);
  client.on("ready", back);
  await client.connect().catch(away);
  const counted: Record<FallbackLimit, number> = { rate_limit: 0, budget: 0 };
  return {
    reachable: () => state === "up",
    fallbackCounts: () => counted,
    countedHere(limit) {
      counted[limit] += 1;
    },
    async attempt(command) {
      try {
        const value = await command(client);
        back();
        return { value };
      } catch (error) {
        away(error);
        return undefined;
      }
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
