/**
 * A budget of some costly or countable act (an address lookup, a new visit, a new quote session) per client address
 * and, where the request has one, per visit or session: taking from it counts against each of them in the same
 * window, and it is spent when any of them is past its limit.
 */
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { WindowCount, WindowCounts } from "./windowCounts";

/** How much of the act a client may do in a window. */
export interface BudgetLimit {
  max: number;
  windowMs: number;
}

/**
 * Whether the act may go ahead, and when to try again when not (whole seconds, for Retry-After); `unshared` when Redis
 * was away and the counts were this instance's alone.
 */
export type BudgetAnswer = ({ allowed: true } | { allowed: false; retryAfterSeconds: number }) & { unshared?: true };

/** One act's budget. */
export interface ClientBudget {
  /** Takes one for the request's client address and for each of `holders` (a visit or session: "visit:…"). */
  take(request: FastifyRequest, holders?: string[]): Promise<BudgetAnswer>;
  /** Whether the budget is already spent for the address or any of `holders`, without taking from it. */
  spent(request: FastifyRequest, holders?: string[]): Promise<BudgetAnswer>;
  /** Gives back what `take` took for the same request and holders (an act that turned out not to count). */
  giveBack(request: FastifyRequest, holders?: string[]): Promise<void>;
}

/** The budget of the act called `name` (a key prefix: budgets never share counts). */
export function clientBudget(counts: WindowCounts, name: string, { max, windowMs }: BudgetLimit): ClientBudget {
  // An IPv6 client is counted by its /64, as the rate limits do: one household holds a whole one.
  const keys = (request: FastifyRequest, holders: string[]) => [`address:${normalizeIP(request.ip, 64)}`, ...holders].map((holder) => `${name}:${holder}`);
  return {
    async take(request, holders = []) {
      return answer(await Promise.all(keys(request, holders).map((key) => counts.take(key, windowMs))), (count) => count > max);
    },
    async spent(request, holders = []) {
      return answer(await Promise.all(keys(request, holders).map((key) => counts.peek(key))), (count) => count >= max);
    },
    async giveBack(request, holders = []) {
      await Promise.all(keys(request, holders).map((key) => counts.giveBack(key)));
    },
  };
}

function answer(counted: WindowCount[], over: (count: number) => boolean): BudgetAnswer {
  const unshared = counted.some((t) => t.unshared) ? ({ unshared: true } as const) : {};
  const spent = counted.filter((t) => over(t.count));
  if (spent.length === 0) return { allowed: true, ...unshared };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...spent.map((t) => t.resetInMs)) / 1000)), ...unshared };
}
