/** The studio's reading routes: every flow with its versions' weights and counts of findings, and one flow's files. */
import type { FastifyInstance } from "fastify";
import type { Finding } from "../../engine/core/findings";
import { readFlowCorpus } from "../../engine/core/flowCorpus";
import { readFormsFolder } from "../../engine/node/formsFolder";
import type { FlowFiles, StudioListing } from "../../engine/studio/studioApiShapes";
import { flowFiles, flowFindings, readListing } from "./flowFolder";
import type { StudioOptions } from "./studioOptions";

/** How many errors and warnings a list of findings holds. */
function counts(findings: readonly Finding[]): { errors: number; warnings: number } {
  const errors = findings.filter((f) => f.severity === "error").length;
  return { errors, warnings: findings.length - errors };
}

export async function studioListing(app: FastifyInstance, { formsDir, check }: StudioOptions): Promise<void> {
  app.get("/flows", async () => {
    const listing = readFormsFolder(formsDir);
    const corpus = readFlowCorpus(listing, check);
    return {
      root: listing.root,
      flows: corpus.flows.map((flow) => ({
        id: flow.id,
        title: flow.title,
        versions: flow.versions.map((v) => {
          const weight = flow.split?.weights[String(v.version)] ?? 0;
          const description = (v.current ?? v.flow)?.description;
          return { version: v.version, ...(description ? { description } : {}), weight, live: weight > 0, ...counts(corpus.findings.filter((f) => f.file === v.file)) };
        }),
        split: counts(corpus.findings.filter((f) => f.file === `${listing.root}/${flow.id}/split.json`)),
      })),
    } satisfies StudioListing;
  });

  app.get<{ Params: { flow: string } }>("/flows/:flow", async (request, reply) => {
    const { flow } = request.params;
    const { listing, known } = readListing(formsDir, flow);
    if (!known) return reply.code(404).send({ message: `No flow "${flow}" in ${listing.root}` });
    const corpus = readFlowCorpus(listing, check);
    const title = corpus.flows.find((f) => f.id === flow)?.title ?? flow;
    return { id: flow, root: listing.root, title, files: flowFiles(listing, flow), findings: flowFindings(corpus, flow) } satisfies FlowFiles;
  });
}
