/**
 * The studio's save. In one step per flow (saves of a flow wait for each other, so no two can both pass the check
 * and then both write): every file must still be as it was when opened (else 409 with both texts), the flow with
 * the drafts in place must have no error (else 422 with the findings), then either the diff of what would be
 * written (confirm false) or the files written, each through a temporary file renamed over it, so a reader never
 * sees half a file.
 */
import { randomBytes } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createTwoFilesPatch } from "diff";
import type { FastifyInstance } from "fastify";
import { hasErrors } from "../../engine/core/findings";
import type { Conflict, FileOnDisk, FileToSave, SaveAnswer } from "../../engine/studio/studioApiShapes";
import { readSaveBody } from "./studioBodies";
import { draftCorpus, flowFindings, listedText, readListing, shownName, textHash } from "./flowFolder";
import type { StudioOptions } from "./studioOptions";

/** Runs each flow's saves one after another. */
function perFlowQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(flow: string, work: () => Promise<T>): Promise<T> => {
    const run = (tails.get(flow) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(flow, tail);
    void tail.then(() => {
      if (tails.get(flow) === tail) tails.delete(flow);
    });
    return run;
  };
}

/** Writes each file through a temporary file in its own folder, then renames them all into place. */
function writeAtomically(dir: string, files: Record<string, string>): void {
  const temporary = Object.entries(files).map(([name, text]) => {
    const temp = path.join(dir, `.${name}.${randomBytes(6).toString("hex")}.tmp`);
    writeFileSync(temp, text, "utf8");
    return { temp, file: path.join(dir, name) };
  });
  try {
    for (const { temp, file } of temporary) renameSync(temp, file);
  } finally {
    for (const { temp } of temporary) rmSync(temp, { force: true });
  }
}

export async function studioSave(app: FastifyInstance, { formsDir, check, saved }: StudioOptions): Promise<void> {
  const queue = perFlowQueue();
  app.post<{ Params: { flow: string } }>("/flows/:flow/save", async (request, reply) => {
    const { files, confirm } = readSaveBody(request.body);
    const { flow } = request.params;
    return queue(flow, async () => {
      const { listing, known } = readListing(formsDir, flow);
      if (!known) return reply.code(404).send({ message: `No flow "${flow}" in ${listing.root}` });
      const drafts = Object.entries(files).map(([name, draft]: [string, FileToSave]) => ({ name, ...draft, disk: listedText(listing, flow, name) }));
      const conflicts = drafts.filter((d) => (d.disk === null ? null : textHash(d.disk)) !== d.base);
      if (conflicts.length > 0) return reply.code(409).send({ conflicts: conflicts.map(({ name, disk, text }): Conflict => ({ name, disk, draft: text })) });

      const findings = flowFindings(draftCorpus(listing, flow, Object.fromEntries(drafts.map((d) => [d.name, d.text])), check), flow);
      if (hasErrors(findings)) return reply.code(422).send({ findings });
      if (!confirm) {
        return {
          written: false,
          diff: drafts.map(({ name, disk, text }) => {
            const shown = shownName(listing, flow, name);
            return { name, created: disk === null, patch: createTwoFilesPatch(shown, shown, disk ?? "", text) };
          }),
        } satisfies SaveAnswer;
      }
      writeAtomically(path.join(formsDir, flow), Object.fromEntries(drafts.map((d) => [d.name, d.text])));
      try {
        saved?.(drafts.map((d) => path.join(formsDir, flow, d.name)));
      } catch (error) {
        // The files are written; the preview reads them again on its own when its watcher sees them.
        request.log.warn({ err: error }, "the preview could not read the flows again after a save");
      }
      const written: Record<string, FileOnDisk> = {};
      for (const { name, text } of drafts) written[name] = { text, hash: textHash(text) };
      return { written: true, files: written } satisfies SaveAnswer;
    });
  });
}
