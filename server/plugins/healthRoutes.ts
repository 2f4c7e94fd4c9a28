/**
 * GET /api/health: 200 when the server answers and its database does. `status` is "degraded" while a quote flow
 * file has an error (the server still serves every other flow) or a flow's page cannot be served (its control has no
 * page this server can send, quotePageFiles.ts); `flows` then names each problem. It is "degraded" with `spool` too
 * while held leads wait (server/leads/leadSpool.ts), and stays 200 while the store is away but the spool takes leads
 * (`store: "away"`): every instance shares the store, so a balancer taking them all out would refuse every visitor.
 * The metrics port answers the same.
 */
import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import { findingLine } from "../../engine/core/findings";
import { unavailableFlows, type FlowCatalog } from "../flowCatalog";
import { unservedFlows, type QuotePageFiles } from "../quotePageFiles";
import type { Database } from "../storage/schema";

/** What the health check reads of the lead spool. */
export interface SpoolHealth {
  size(): number;
  oldestAt(): Date | undefined;
  writable(): boolean;
}

export interface HealthRoutesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  pages: QuotePageFiles;
  spool?: SpoolHealth;
  now?: () => Date;
}

const lines = { type: "array", items: { type: "string" } };

/** The health route, for load balancers and uptime checks. */
export default async function healthRoutes(fastify: FastifyInstance, options: HealthRoutesOptions): Promise<void> {
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
              store: { enum: ["away"] },
              spool: { type: "object", properties: { waiting: { type: "integer" }, oldestSeconds: { type: "number" } } },
            },
          },
        },
      },
    },
    () => serverHealth(options),
  );
}

/** The health check's answer (the metrics port gives the same); rejects while the database does not answer and no spool can hold leads. */
export async function serverHealth({ db, flows, pages, spool, now = () => new Date() }: HealthRoutesOptions) {
  const storeAway = await sql`select 1`.execute(db).then(
    () => false,
    (error: unknown) => {
      if (!spool?.writable()) throw error;
      return true;
    },
  );
  const corpus = flows.corpus();
  const errors = corpus.findings.filter((f) => f.severity === "error").map(findingLine);
  const unserved = await unservedFlows(pages, corpus);
  const waiting = spool?.size() ?? 0;
  const oldest = spool?.oldestAt();
  const held = storeAway || waiting > 0 ? { ...(storeAway ? { store: "away" as const } : {}), spool: { waiting, oldestSeconds: oldest ? Math.max(0, Math.round((now().getTime() - oldest.getTime()) / 1000)) : 0 } } : {};
  const flowProblems = errors.length === 0 && unserved.length === 0 ? {} : { flows: { errors, unavailable: unavailableFlows(corpus).map((f) => f.id), unserved } };
  if (Object.keys(held).length === 0 && Object.keys(flowProblems).length === 0) return { status: "ok" as const };
  return { status: "degraded" as const, ...flowProblems, ...held };
}
