/** GET /dev/flows/: the development page of every quote flow (server/devFlows/devFlowsPage.ts), as the server reads forms/ now. */
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { devFlowsHtml } from "../devFlows/devFlowsPage";
import type { FlowCatalog } from "../flowCatalog";
import { unknownVersionCounts } from "../storage/unknownVersionsStore";
import type { Database } from "../storage/schema";

export interface DevFlowsRoutesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
}

/** The page, never cached: it shows counts as they stand. */
export default async function devFlowsRoutes(fastify: FastifyInstance, { db, flows }: DevFlowsRoutesOptions): Promise<void> {
  fastify.get("/dev/flows", (_request, reply) => reply.redirect("/dev/flows/", 301));
  fastify.get("/dev/flows/", async (_request, reply) => {
    const html = devFlowsHtml(flows.corpus(), await unknownVersionCounts(db));
    return reply.header("cache-control", "no-store").header("x-robots-tag", "noindex").type("text/html; charset=utf-8").send(html);
  });
}
