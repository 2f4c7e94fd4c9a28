/**
 * Failed sign-ins, limited per client address and per analyst's name, by the sign-in form and by Basic
 * authentication alike. Each try takes its place in both budgets before its password is checked, so tries sent
 * together are counted as they arrive and at most 10 passwords are checked per address and per name in 15 minutes;
 * a right password, and a try that was refused or not checked, give their place back. Past the limit every try is
 * answered 429 until the window ends. The counts are the shared request budgets (security/clientBudget.ts), in Redis
 * when REDIS_URL is set.
 */
import type { FastifyRequest } from "fastify";
import { clientBudget, type BudgetAnswer } from "../security/clientBudget";
import type { WindowCounts } from "../security/windowCounts";

/** Failed sign-ins allowed per address and per name in a window. */
export const MAX_FAILED_SIGN_INS = 10;
/** The window: 15 minutes from the first try still counted. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** The tries of one server (or, through Redis, of every instance). */
export interface SignInLimits {
  /**
   * Takes this try from the address's and the name's budgets, before its password is checked. A try that is not
   * allowed, or counted only in this instance's memory (`unshared`: Redis is away), has been given back already.
   */
  take(request: FastifyRequest, name: string): Promise<BudgetAnswer>;
  /** Gives a taken try back: its password was right, or it was never checked. */
  giveBack(request: FastifyRequest, name: string): Promise<void>;
  /** Whether this address or this name is past the limit, without taking a try (a password already found right). */
  spent(request: FastifyRequest, name: string): Promise<BudgetAnswer>;
}

/** The limits, counted in `counts`. */
export function signInLimits(counts: WindowCounts): SignInLimits {
  const budget = clientBudget(counts, "analyst-sign-in-failures", { max: MAX_FAILED_SIGN_INS, windowMs: SIGN_IN_WINDOW_MS });
  // Any text may be tried as a name: it is counted as sent, cut short, so one bad name is one key.
  const holder = (name: string) => [`name:${name.slice(0, 64)}`];
  return {
    async take(request, name) {
      const taken = await budget.take(request, holder(name));
      // A refused try checks no password, so it is no failure: it must not add to a budget another holder has left.
      if (!taken.allowed || taken.unshared) await budget.giveBack(request, holder(name));
      return taken;
    },
    giveBack: (request, name) => budget.giveBack(request, holder(name)),
    spent: (request, name) => budget.spent(request, holder(name)),
  };
}
