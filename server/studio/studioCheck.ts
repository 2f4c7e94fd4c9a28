/** The studio's check: forms:check's findings for one flow with the editor's drafts in place of the files on disk. */
import type { FastifyInstance } from "fastify";
import { readFormsFolder } from "../../engine/node/formsFolder";
import { readCheckBody } from "./studioBodies";
import { checkAnswer } from "./studioAnswers";
import type { StudioOptions } from "./studioOptions";

export async function studioCheck(app: FastifyInstance, { formsDir, check }: StudioOptions): Promise<void> {
  app.post<{ Params: { flow: string } }>("/flows/:flow/check", async (request, reply) => {
    const drafts = readCheckBody(request.body);
    const listing = readFormsFolder(formsDir);
    return checkAnswer(listing, request.params.flow, drafts, check) ?? reply.code(404).send({ message: `No flow "${request.params.flow}" in ${listing.root}` });
  });
}
