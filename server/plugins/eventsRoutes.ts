/**
 * POST /api/events: the quote page's step beacon. Records that the visit (known by its signed cookie, which the
 * quote page's server gave it) reached a step of the version it was served, once per visit and step. Counted
 * only for a visit the server assigned: no cookie, a forged one, a visitor who objects, or a version the visit
 * was not served is refused, and nothing about who sent it is kept; a step the visit cannot have reached yet (a flow
 * whose page it was not served this period, no step leading to it reached, or the success step without its lead) is
 * refused with 409. A known bot or headless browser, whose page was served uncounted, is answered 204 and counts
 * nothing, as its page did not. Answers 204.
 */
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { FieldError } from "../../engine/core/types";
import type { StepEvent } from "../../schemas/generated/event";
import type { LeadResponse } from "../../schemas/generated/lead";
import { assignVisit } from "../experiments/assignVersion";
import { stepOrderProblem } from "../experiments/stepOrder";
import { postedFromAnotherSite } from "../security/crossSitePost";
import { isUncountedFetch, visitOf } from "../experiments/visits";
import type { FlowCatalog } from "../flowCatalog";
import { recordStepReach } from "../storage/experimentStore";
import type { Database } from "../storage/schema";

/** What the events route needs. */
export interface EventsRoutesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  /** Beacons a client may send per rate-limit window: a visit sends one per step, so more than its leads. */
  rateLimitMax: number;
  /** The site's own origin: only its pages' beacons are counted (sendBeacon sends Origin). */
  siteOrigin: () => string;
}

/** The body's shape (schemas/event.schema.json, shared with the browser); flows, versions and steps are checked against the catalogue. */
const stepEventSchema = { $ref: "event.schema.json#" };

const errorResponse = { $ref: "lead.schema.json#/definitions/leadResponse" };

/** The events route. */
export default async function eventsRoutes(fastify: FastifyInstance, { db, flows, rateLimitMax, siteOrigin }: EventsRoutesOptions): Promise<void> {
  // Only JSON (sendBeacon's Blob is typed application/json): a text/plain body is what a cross-site form posts.
  fastify.removeContentTypeParser("text/plain");

  fastify.post<{ Body: StepEvent; Reply: { 204: undefined; "4xx": LeadResponse } }>(
    "/api/events",
    {
      config: { rateLimit: { max: rateLimitMax } },
      schema: { body: stepEventSchema, response: { "4xx": errorResponse, "5xx": errorResponse } },
      // Before the body is read: another site's beacon is not looked at.
      onRequest: async (request, reply) => {
        if (postedFromAnotherSite(request, siteOrigin())) return reply.code(403).send({ code: "3", errors: [{ field: "origin", message: "Steps are counted only from the site's own pages" }] });
      },
    },
    async (request, reply) => {
      const problem = eventProblem(flows, request.body);
      if (problem) return reply.code(400).send({ code: "3", errors: [problem] });
      const { flowId, version, stepId } = request.body;
      const visitId = visitOf(request);
      if (!visitId) return reply.code(403).send({ code: "3", errors: [{ field: "visit", message: "Steps are counted only for a visit the quote page was served to" }] });
      const assigned = assignVisit(flows.corpus().flows.find((f) => f.id === flowId)!, visitId);
      if (assigned?.version !== version) {
        return reply.code(400).send({ code: "3", errors: [{ field: "version", message: `This visit was not served version ${version} of "${flowId}"` }] });
      }
      // Its page was served without counting it: nor are its steps, and it is told nothing is wrong.
      if (isUncountedFetch(request)) return reply.code(204).send();
      // Only a step the visit could have reached by now (experiments/stepOrder.ts); a forged or early beacon moves nothing.
      const outOfOrder = await stepOrderProblem(db, { flow: flows.getFlow(flowId, version)!, periodId: assigned.period.id, visitId, stepId });
      if (outOfOrder) return reply.code(409).send({ code: "3", errors: [outOfOrder] });
      await recordStepReach(db, { flowId, periodId: assigned.period.id, visitId, stepId });
      return reply.code(204).send();
    },
  );
}

/** Why a well-formed event cannot be counted: a flow, version or step the catalogue does not have. */
function eventProblem(flows: FlowCatalog, { flowId, version, stepId }: StepEvent): FieldError | undefined {
  const flow = flows.getFlow(flowId, version);
  if (!flow) {
    return flows.defaultVersion(flowId) === undefined
      ? { field: "flowId", message: `Unknown quote form "${flowId}"` }
      : { field: "version", message: `Quote form "${flowId}" has no version ${version}` };
  }
  if (!flow.steps.some((step) => step.id === stepId)) return { field: "stepId", message: `Quote form "${flowId}" version ${version} has no step "${stepId}"` };
  return undefined;
}
