/** The studio's reading routes: every flow with its versions' weights and counts of findings, and one flow's files. */
import type { FastifyInstance } from "fastify";
import { readFlowCorpus } from "../../engine/core/flowCorpus";
import { readFormsFolder } from "../../engine/node/formsFolder";
import { flowFilesAnswer, listingAnswer } from "./studioAnswers";
import type { StudioOptions } from "./studioOptions";

export async function studioListing(app: FastifyInstance, { formsDir, check }: StudioOptions): Promise<void> {
  app.get("/flows", async () => {
    const listing = readFormsFolder(formsDir);
    return listingAnswer(listing, readFlowCorpus(listing, check));
  });

  app.get<{ Params: { flow: string } }>("/flows/:flow", async (request, reply) => {
    const listing = readFormsFolder(formsDir);
    return flowFilesAnswer(listing, readFlowCorpus(listing, check), request.params.flow) ?? reply.code(404).send({ message: `No flow "${request.params.flow}" in ${listing.root}` });
  });
}
