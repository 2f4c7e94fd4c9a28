/**
 * Quote sessions started per client address: each one is a row the server keeps for a day, so one address may start
 * only so many in a window. A post that already carries a session cookie starts none and is not counted.
 */
import type { FastifyRequest } from "fastify";
import type { BudgetAnswer, ClientBudget } from "../security/clientBudget";
import { QUOTE_SESSION_COOKIE } from "./sessionCookie";

/** What the visitor is told when their address has started too many quotes. */
export const QUOTE_SESSIONS_SPENT = "Too many quotes have been started from your internet connection recently, so nothing was saved. Please try again later.";

/** Whether this post may start a quote session: always when it carries one already, else within the address's budget. */
export async function takeQuoteSessionStart(budget: ClientBudget, request: FastifyRequest): Promise<BudgetAnswer> {
  if (request.cookies[QUOTE_SESSION_COOKIE] !== undefined) return { allowed: true };
  return budget.take(request);
}
