/**
 * POST /api/leads: checks the envelope, drops bots quietly, replays the flow over the answers, and hands the
 * lead to intake. GET /api/start-token: the signed start the quote page sends back with its lead.
 */
import type { FastifyInstance } from "fastify";
import type { LeadResponse, LeadSubmission } from "../../schemas/generated/lead";
import { SOMETHING_WENT_WRONG } from "../../engine/core/messages";
import { visitOf } from "../experiments/visits";
import { postedFromAnotherSite } from "../security/crossSitePost";
import { takeLead, type LeadTaking } from "../leads/takeLead";

/** What the leads route needs: the taking of leads, and the site's own origin (only its pages may send one). */
export type LeadsRoutesOptions = LeadTaking & { siteOrigin: () => string };

const leadResponse = { $ref: "lead.schema.json#/definitions/leadResponse" };

/** The leads route; never lists or reads leads back. */
export default async function leadsRoutes(fastify: FastifyInstance, taking: LeadsRoutesOptions): Promise<void> {
  const { intake, minFillMs, startTokens, siteOrigin } = taking;
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
      // Before the body is read: another site's page may not send a lead in the visitor's name.
      onRequest: async (request, reply) => {
        if (postedFromAnotherSite(request, siteOrigin())) return reply.code(403).send({ code: "4", message: SOMETHING_WENT_WRONG });
      },
    },
    async (request, reply) => {
      const { status, answer } = await takeLead(taking, request.body, { visitId: visitOf(request), requestId: request.id }, request.log);
      return reply.code(status).send(answer);
    },
  );
}
