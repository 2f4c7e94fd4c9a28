/**
 * GET /api/health: 200 when the server answers and its database does. `status` is "degraded" while a quote flow
 * file has an error (the server still serves every other flow) or a flow's page cannot be served (its control has no
 * page this server can send, quotePageFiles.ts); `flows` then names each problem. The metrics port answers the same.
 */
import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import { findingLine } from "../../engine/core/findings";
import { unavailableFlows, type FlowCatalog } from "../flowCatalog";
import { unservedFlows, type QuotePageFiles } from "../quotePageFiles";
import type { Database } from "../storage/schema";

export interface HealthRoutesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  pages: QuotePageFiles;
}

const lines = { type: "array", items: { type: "string" } };

/** The health route, for load balancers and uptime checks. */
export default async function healthRoutes(fastify: FastifyInstance, { db, flows, pages }: HealthRoutesOptions): Promise<void> {
  fastify.get(
    "/api/health",
    {
      schema: {
        response: {
          200: {
            type: "object",
            required: ["status"],
            properties: {
              status: { enum: ["ok", "degraded"] },
              flows: { type: "object", properties: { errors: lines, unavailable: lines, unserved: lines } },
            },
          },
        },
      },
    },
    () => serverHealth({ db, flows, pages }),
  );
}

/** The health check's answer (the metrics port gives the same); rejects while the database does not answer. */
export async function serverHealth({ db, flows, pages }: HealthRoutesOptions) {
  await sql`select 1`.execute(db);
  const corpus = flows.corpus();
  const errors = corpus.findings.filter((f) => f.severity === "error").map(findingLine);
  const unserved = await unservedFlows(pages, corpus);
  if (errors.length === 0 && unserved.length === 0) return { status: "ok" as const };
  return { status: "degraded" as const, flows: { errors, unavailable: unavailableFlows(corpus).map((f) => f.id), unserved } };
}
