/**
 * Failed sign-ins, limited per client address and per analyst's name, by the sign-in form and by Basic
 * authentication alike: after 10 in 15 minutes every try is answered 429 until that window ends, so a password
 * cannot be guessed however the guesses are spread. The counts are the shared request budgets
 * (security/clientBudget.ts), in Redis when REDIS_URL is set.
 */
import type { FastifyRequest } from "fastify";
import { clientBudget, type BudgetAnswer } from "../security/clientBudget";
import type { WindowCounts } from "../security/windowCounts";

/** Failed sign-ins allowed per address and per name in a window. */
export const MAX_FAILED_SIGN_INS = 10;
/** The window: 15 minutes from the first failure. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** The failures of one server (or, through Redis, of every instance). */
export interface SignInLimits {
  /** Whether this address or this name may try now. */
  mayTry(request: FastifyRequest, name: string): Promise<BudgetAnswer>;
  /** Counts a failed try against the address and the name. */
  failed(request: FastifyRequest, name: string): Promise<void>;
}

/** The limits, counted in `counts`. */
export function signInLimits(counts: WindowCounts): SignInLimits {
  const budget = clientBudget(counts, "analyst-sign-in-failures", { max: MAX_FAILED_SIGN_INS, windowMs: SIGN_IN_WINDOW_MS });
  // Any text may be tried as a name: it is counted as sent, cut short, so one bad name is one key.
  const holder = (name: string) => [`name:${name.slice(0, 64)}`];
  return {
    mayTry: (request, name) => budget.spent(request, holder(name)),
    async failed(request, name) {
      await budget.take(request, holder(name));
    },
  };
}
