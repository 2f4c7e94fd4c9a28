/** POST /api/leads: checks the envelope, replays the flow over the answers, stores the lead. */
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { replayFlow } from "../../engine/core/replayFlow";
import type { Answers, SchemaCheck } from "../../engine/core/types";
import type { LeadResponse, LeadSubmission } from "../../schemas/generated/lead";
import type { FlowCatalog } from "../flowCatalog";
import { insertLead } from "../storage/leadsStore";
import type { Database } from "../storage/schema";

export interface LeadsRoutesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  /** Validates a step's answers against its schema during the replay. */
  check: SchemaCheck;
}

const leadResponse = { $ref: "lead.schema.json#/definitions/leadResponse" };

/** The leads route; never lists or reads leads back. */
export default async function leadsRoutes(fastify: FastifyInstance, { db, flows, check }: LeadsRoutesOptions): Promise<void> {
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
      const flow = flows.getFlow(submission.flowId, submission.version);
      if (!flow) {
        const unknownFlow = flows.defaultVersion(submission.flowId) === undefined;
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

      const testMode = submission.testMode === true;
      const code = testMode ? "99" : "1";
      const leadId = await insertLead(db, {
        flowId: flow.id,
        flowVersion: flow.version,
        productType: flow.productType,
        serviceType: flow.serviceType,
        testMode,
        responseCode: code,
        answers: replay.answers,
        tracking: submission.tracking,
        consent: submission.consent,
      });
      request.log.info({ leadId, flowId: flow.id, version: flow.version, testMode }, "lead stored");
      return { code, leadId };
    },
  );
}
