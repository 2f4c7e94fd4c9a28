/**
 * A new visit, within the client address's budget of new visits: one script fetching quote pages without a cookie
 * would otherwise add a visit, and an exposure, per request and skew an experiment. Past the budget the page is
 * still served (the default version, no cookie), and when the page would have been counted the day's count of
 * left-out visits goes up by one, for the results page.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { ClientBudget } from "../security/clientBudget";
import { countLeftOutVisit } from "../storage/leftOutVisitsStore";
import type { Database } from "../storage/schema";
import { startVisit } from "./visits";

/** Where a left-out visit is counted: the flow whose page was served, on this London day. */
export interface LeftOutCount {
  db: Kysely<Database>;
  flowId: string;
  day: string;
}

/** A new visit id set in the reply's cookie, or none when the address is past its budget (counted in `leftOut` when given). */
export async function newVisit(budget: ClientBudget, request: FastifyRequest, reply: FastifyReply, leftOut: LeftOutCount | undefined): Promise<string | undefined> {
  if ((await budget.take(request)).allowed) return startVisit(request, reply);
  if (leftOut) await countLeftOutVisit(leftOut.db, { day: leftOut.day, flowId: leftOut.flowId });
  return undefined;
}
