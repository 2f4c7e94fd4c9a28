/**
 * A budget of some costly or countable act (an address lookup, a new visit, a new quote session) per client address
 * and, where the request has one, per visit or session: taking from it counts against each of them in the same
 * window, and it is spent when any of them is past its limit.
 */
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { WindowCounts } from "./windowCounts";

/** How much of the act a client may do in a window. */
export interface BudgetLimit {
  max: number;
  windowMs: number;
}

/** Whether the act may go ahead, and when to try again when not (whole seconds, for Retry-After). */
export type BudgetAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One act's budget. */
export interface ClientBudget {
  /** Takes one for the request's client address and for each of `holders` (a visit or session: "visit:…"). */
  take(request: FastifyRequest, holders?: string[]): Promise<BudgetAnswer>;
}

/** The budget of the act called `name` (a key prefix: budgets never share counts). */
export function clientBudget(counts: WindowCounts, name: string, { max, windowMs }: BudgetLimit): ClientBudget {
  return {
    async take(request, holders = []) {
      // An IPv6 client is counted by its /64, as the rate limits do: one household holds a whole one.
      const keys = [`address:${normalizeIP(request.ip, 64)}`, ...holders].map((holder) => `${name}:${holder}`);
      const taken = await Promise.all(keys.map((key) => counts.take(key, windowMs)));
      const over = taken.filter((t) => t.count > max);
      if (over.length === 0) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...over.map((t) => t.resetInMs)) / 1000)) };
    },
  };
}
