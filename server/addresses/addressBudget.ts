/**
 * One budget for address lookups, however they are asked: the address step's script (GET /api/addresses) and the
 * plain form's "Find address" (or its lookup on arriving at the step) take from the same counts, per client address
 * and per visit and quote session, because each lookup can cost money at a paid provider.
 */
import type { FastifyRequest } from "fastify";
import { visitOf } from "../experiments/visits";
import type { ClientBudget } from "../security/clientBudget";

/** The visit and quote session a lookup is also counted against, when the request carries them signed. */
export function lookupHolders(request: FastifyRequest, quoteSessionId?: string): string[] {
  const visitId = visitOf(request);
  return [...(visitId ? [`visit:${visitId}`] : []), ...(quoteSessionId ? [`session:${quoteSessionId}`] : [])];
}

/** Whether one more lookup is within the budget, counting it. */
export function takeLookup(budget: ClientBudget, request: FastifyRequest, quoteSessionId?: string) {
  return budget.take(request, lookupHolders(request, quoteSessionId));
}
