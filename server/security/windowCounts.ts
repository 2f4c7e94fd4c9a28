/**
 * Counts per key over fixed windows of time, for the rate limits (rateLimitStore.ts) and the budgets they cannot
 * express (one budget across several routes, or a count that must not stop the request): in memory for one instance,
 * in Redis when REDIS_URL is set so several instances share them. While Redis is away an instance counts in its own
 * memory, so the limits hold at worst once per instance; what it counted meanwhile still counts, added to Redis's,
 * until its window ends.
 */
import type { FallbackLimit, SharedRedis } from "./sharedRedis";

/** One key's count in its window, and how long until the window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
  /** Set when Redis was away and the count is this instance's alone. */
  unshared?: true;
}

/** Counters: one more for a key in the current window, a look without taking, one given back, and a way to let go. */
export interface WindowCounts {
  take(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's count in its current window without adding to it (0 when it has none). */
  peek(key: string): Promise<WindowCount>;
  /** Takes back one taken from the key in its current window; the window closes with its last count. */
  giveBack(key: string): Promise<void>;
  close(): Promise<void>;
}

/** In memory: past this many keys, the ones whose window has ended are swept, so the map stays as big as one window's traffic. */
const SWEEP_AT = 10_000;

/** Counts in this process's memory. */
export function memoryWindowCounts(now: () => number = Date.now): WindowCounts {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const open = (key: string, at: number) => {
    const window = windows.get(key);
    return window && window.resetAt > at ? window : undefined;
  };
  return {
    async take(key, windowMs) {
      const at = now();
      if (windows.size >= SWEEP_AT) for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
      let window = open(key, at);
      if (!window) windows.set(key, (window = { count: 0, resetAt: at + windowMs }));
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - at };
    },
    async peek(key) {
      const at = now();
      const window = open(key, at);
      return window ? { count: window.count, resetInMs: window.resetAt - at } : { count: 0, resetInMs: 0 };
    },
    async giveBack(key) {
      const window = open(key, now());
      if (window && --window.count <= 0) windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

/** DECR that never goes below nothing: the last count deletes the key, so the next take starts a new window. */
const GIVE_BACK = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 1 then return redis.call('DECR', KEYS[1]) end
if n == 1 then redis.call('DEL', KEYS[1]) end
return 0`;

/** Counts in Redis under `prefix`, shared by every instance, each key living as long as its window; in memory while Redis is away. */
export function sharedWindowCounts(redis: SharedRedis, prefix: string, limit: FallbackLimit): WindowCounts {
  const here = memoryWindowCounts();
  /** Redis's count with what this instance counted while Redis was away, in a window still open. */
  const withMeanwhile = async (key: string, shared: WindowCount): Promise<WindowCount> => {
    const meanwhile = await here.peek(key);
    return meanwhile.count === 0 ? shared : { count: shared.count + meanwhile.count, resetInMs: Math.max(shared.resetInMs, meanwhile.resetInMs) };
  };
  return {
    async take(key, windowMs) {
      const k = prefix + key;
      // The window starts with the key's first count; later counts add to it without moving its end.
      const shared = await redis.attempt(async (client) => countOf(await client.multi().set(k, 0, "PX", windowMs, "NX").incr(k).pttl(k).exec(), 1, windowMs));
      if (shared) return withMeanwhile(key, shared.value);
      redis.countedHere(limit);
      return { ...(await here.take(key, windowMs)), unshared: true };
    },
    async peek(key) {
      const k = prefix + key;
      const shared = await redis.attempt(async (client) => countOf(await client.multi().get(k).pttl(k).exec(), 0, 0));
      if (shared) return withMeanwhile(key, shared.value);
      return { ...(await here.peek(key)), unshared: true };
    },
    async giveBack(key) {
      if ((await here.peek(key)).count > 0) return here.giveBack(key);
      await redis.attempt((client) => client.eval(GIVE_BACK, 1, prefix + key));
    },
    async close() {
      await here.close();
    },
  };
}

/** The count at `at` and the time-to-live after it in a MULTI's answers; throws on an answer that is not one, so the count falls back. */
function countOf(results: Array<[Error | null, unknown]> | null, at: number, windowMs: number): WindowCount {
  const failed = results?.find(([error]) => error)?.[0];
  if (!results || failed) throw failed ?? new Error("redis answered no results");
  const count = Number(results[at]![1] ?? 0);
  const ttl = Number(results[at + 1]![1]);
  if (!Number.isFinite(count)) throw new Error("redis answered a count that is not a number");
  return { count, resetInMs: ttl > 0 ? ttl : count > 0 ? windowMs : 0 };
}
