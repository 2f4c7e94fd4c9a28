/** The studio's check: forms:check's findings for one flow with the editor's drafts in place of the files on disk. */
import type { FastifyInstance } from "fastify";
import { readCheckBody } from "./studioBodies";
import { draftCorpus, flowFindings, readListing } from "./flowFolder";
import type { StudioOptions } from "./studioOptions";

export async function studioCheck(app: FastifyInstance, { formsDir, check }: StudioOptions): Promise<void> {
  app.post<{ Params: { flow: string } }>("/flows/:flow/check", async (request, reply) => {
    const drafts = readCheckBody(request.body);
    const { flow } = request.params;
    const { listing, known } = readListing(formsDir, flow);
    if (!known) return reply.code(404).send({ message: `No flow "${flow}" in ${listing.root}` });
    return { findings: flowFindings(draftCorpus(listing, flow, drafts, check), flow) };
  });
}
