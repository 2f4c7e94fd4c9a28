/**
 * GET /dev/flows/: the development page of every quote flow (server/devFlows/devFlowsPage.ts), as the server reads
 * forms/ now, with each flow's experiment report over its current period.
 */
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { devFlowsHtml } from "../devFlows/devFlowsPage";
import { analyseExperiment, type ExperimentReport } from "../experiments/experimentReport";
import type { FlowCatalog } from "../flowCatalog";
import { unknownVersionCounts } from "../storage/unknownVersionsStore";
import { loadExperimentCounts } from "../storage/experimentStore";
import type { Database } from "../storage/schema";

export interface DevFlowsRoutesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
}

/** The page, never cached: it shows counts as they stand. */
export default async function devFlowsRoutes(fastify: FastifyInstance, { db, flows }: DevFlowsRoutesOptions): Promise<void> {
  fastify.get("/dev/flows", (_request, reply) => reply.redirect("/dev/flows/", 301));
  fastify.get("/dev/flows/", async (_request, reply) => {
    const corpus = flows.corpus();
    const experiments = new Map<string, ExperimentReport>();
    for (const flow of corpus.flows) {
      const counts = await loadExperimentCounts(db, flow);
      if (counts) experiments.set(flow.id, analyseExperiment(counts));
    }
    const html = devFlowsHtml(corpus, await unknownVersionCounts(db), experiments);
    return reply.header("cache-control", "no-store").header("x-robots-tag", "noindex").type("text/html; charset=utf-8").send(html);
  });
}
