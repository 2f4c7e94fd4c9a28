/**
 * POST /api/leads: checks the envelope, drops bots quietly, replays the flow over the answers, and hands the
 * lead to intake. GET /api/start-token: the signed start the quote page sends back with its lead.
 */
import type { FastifyInstance } from "fastify";
import { replayFlow } from "../../engine/core/replayFlow";
import type { Answers, SchemaCheck } from "../../engine/core/types";
import type { LeadResponse, LeadSubmission } from "../../schemas/generated/lead";
import type { FlowCatalog } from "../flowCatalog";
import { visitOf } from "../experiments/visits";
import { acceptLead, type LeadIntake } from "../leads/acceptLead";
import { botReason, decoyLeadAnswer } from "../leads/botCheck";
import { SOMETHING_WENT_WRONG } from "../../engine/core/messages";
import type { StartTokens } from "../leads/startToken";

/** What the leads route needs. */
export interface LeadsRoutesOptions {
  intake: LeadIntake;
  flows: FlowCatalog;
  /** Validates a step's answers against its schema during the replay. */
  check: SchemaCheck;
  /** A lead sent sooner than this after its start token was issued is a bot's; 0 turns the check off. */
  minFillMs: number;
  /** Issues and checks start tokens. */
  startTokens: StartTokens;
  /** Called after a lead with deliveries is committed (wakes the delivery worker). */
  onDeliveriesQueued?: () => void;
}

const leadResponse = { $ref: "lead.schema.json#/definitions/leadResponse" };

/** The leads route; never lists or reads leads back. */
export default async function leadsRoutes(
  fastify: FastifyInstance,
  { intake, flows, check, minFillMs, startTokens, onDeliveriesQueued }: LeadsRoutesOptions,
): Promise<void> {
  fastify.get<{ Reply: { token: string; minFillMs: number } }>(
    "/api/start-token",
    {
      schema: {
        response: {
          200: { type: "object", required: ["token", "minFillMs"], properties: { token: { type: "string" }, minFillMs: { type: "integer" } } },
        },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { token: startTokens.issue(intake.now()), minFillMs };
    },
  );

  // Only JSON: a text/plain body is what a cross-site HTML form can post without a CORS preflight.
  fastify.removeContentTypeParser("text/plain");

  fastify.post<{ Body: LeadSubmission; Reply: LeadResponse }>(
    "/api/leads",
    {
      schema: {
        body: { $ref: "lead.schema.json#" },
        response: { 200: leadResponse, "4xx": leadResponse, "5xx": leadResponse },
      },
    },
    async (request, reply) => {
      const submission = request.body;
      const receivedAt = intake.now();
      const bot = botReason(submission, startTokens, minFillMs, receivedAt);
      if (bot) {
        request.log.info({ reason: bot }, "lead dropped as a bot's");
        return decoyLeadAnswer(!intake.siteHours.isOpen(receivedAt));
      }

      const flow = flows.getFlow(submission.flowId, submission.version);
      if (!flow && flows.isBroken(submission.flowId, submission.version)) {
        // The page was built from a good copy, but the server's file has an error (logged at start): our fault.
        request.log.error({ flowId: submission.flowId, version: submission.version }, "lead for a quote flow version that is not served");
        return reply.code(503).send({ code: "4", message: SOMETHING_WENT_WRONG });
      }
      if (!flow) {
        const unknownFlow = !flows.hasFlow(submission.flowId);
        return reply.code(400).send({
          code: "3",
          errors: [
            unknownFlow
              ? { field: "flowId", message: `Unknown quote form "${submission.flowId}"` }
              : { field: "version", message: `Quote form "${submission.flowId}" has no version ${submission.version}` },
          ],
        });
      }

      const replay = replayFlow(flow, submission.answers as Answers, check);
      if (replay.errors.length > 0) return reply.code(400).send({ code: "3", errors: replay.errors });

      const { answer, queuedDeliveries } = await acceptLead(intake, submission, flow, replay.answers, visitOf(request));
      request.log.info(
        { leadId: answer.leadId, flowId: flow.id, version: flow.version, code: answer.code, buyers: answer.buyers.length },
        "lead stored",
      );
      if (queuedDeliveries) onDeliveriesQueued?.();
      return answer;
    },
  );
}
