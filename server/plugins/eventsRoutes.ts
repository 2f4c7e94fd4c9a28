/**
 * POST /api/events: the quote page's funnel beacon. Counts one start, step shown, submission or lead for
 * a known flow version on today's London date, and a `?v=` asked for that names no version; keeps nothing
 * about who sent it. Answers 204.
 */
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { FieldError } from "../../engine/core/types";
import type { FunnelEvent } from "../../schemas/generated/event";
import type { LeadResponse } from "../../schemas/generated/lead";
import type { FlowCatalog } from "../flowCatalog";
import { londonDate } from "../hours/londonClock";
import { countEvent, countUnknownVersion } from "../storage/funnelStore";
import type { Database } from "../storage/schema";

/** What the events route needs. */
export interface EventsRoutesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  now: () => Date;
  /** Beacons a client may send per rate-limit window: a visit sends one per step, so more than its leads. */
  rateLimitMax: number;
}

/** The body's shape (schemas/event.schema.json, shared with the browser); flows, versions and steps are checked against the catalogue. */
const funnelEventSchema = { $ref: "event.schema.json#" };

const errorResponse = { $ref: "lead.schema.json#/definitions/leadResponse" };

/** The events route. */
export default async function eventsRoutes(fastify: FastifyInstance, { db, flows, now, rateLimitMax }: EventsRoutesOptions): Promise<void> {
  // Only JSON (sendBeacon's Blob is typed application/json): a text/plain body is what a cross-site form posts.
  fastify.removeContentTypeParser("text/plain");

  fastify.post<{ Body: FunnelEvent; Reply: { 204: undefined; "4xx": LeadResponse } }>(
    "/api/events",
    {
      config: { rateLimit: { max: rateLimitMax } },
      schema: { body: funnelEventSchema, response: { "4xx": errorResponse, "5xx": errorResponse } },
    },
    async (request, reply) => {
      const problem = eventProblem(flows, request.body);
      if (problem) return reply.code(400).send({ code: "3", errors: [problem] });
      const { flowId, version, event, stepId, requestedVersion } = request.body;
      const day = londonDate(now());
      await countEvent(db, { day, flowId, version, event, ...(stepId ? { stepId } : {}) });
      // Shown on /dev/flows/: a campaign link with a mistyped or removed ?v= sends its visitors to the default.
      if (requestedVersion !== undefined && !flows.getFlow(flowId, Number(requestedVersion))) await countUnknownVersion(db, { day, flowId, requested: requestedVersion });
      return reply.code(204).send();
    },
  );
}

/** Why a well-formed event cannot be counted: a flow, version or step the catalogue does not have, or a step on the wrong event. */
function eventProblem(flows: FlowCatalog, { flowId, version, event, stepId }: FunnelEvent): FieldError | undefined {
  if (event === "step" && stepId === undefined) return { field: "stepId", message: "A step event names the step shown in stepId" };
  if (event !== "step" && stepId !== undefined) return { field: "stepId", message: `Only a step event names a step; leave stepId out of a ${event} event` };
  const flow = flows.getFlow(flowId, version);
  if (!flow) {
    return flows.defaultVersion(flowId) === undefined
      ? { field: "flowId", message: `Unknown quote form "${flowId}"` }
      : { field: "version", message: `Quote form "${flowId}" has no version ${version}` };
  }
  if (stepId !== undefined && !flow.steps.some((step) => step.id === stepId)) {
    return { field: "stepId", message: `Quote form "${flowId}" version ${version} has no step "${stepId}"` };
  }
  return undefined;
}
