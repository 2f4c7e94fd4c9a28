/**
 * The repository's copy published at start: every version of forms/ that loads and that the store lacks is added
 * (all of them on a store that has none), and each flow's split.json becomes its traffic when the store has none for
 * it. A version file whose number the store holds with other content stops the start, in one line naming both.
 */
import type { Kysely } from "kysely";
import type { FlowCorpus, FormsListing } from "../../engine/core/flowCorpus";
import { contentHash, recordPublishedChanges, type PublishConflict, type PublishedChange, type PublishedState } from "../storage/publishedFlowsStore";
import type { Database } from "../storage/schema";
import { splitText } from "./publishedListing";

/** Who the changes made from forms/ at start are recorded as. */
export const FORMS_PUBLISHER = "forms/";

/** A forms/ file that differs from the version the store published under its number: the start stops. */
export class PublishedFlowConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PublishedFlowConflictError";
  }
}

/** Publishes what forms/ adds to the store; throws PublishedFlowConflictError when a file differs from its published version. */
export async function publishFormsFolder(db: Kysely<Database>, listing: FormsListing, corpus: FlowCorpus, now: Date): Promise<void> {
  const at = now.toISOString();
  const texts = new Map(listing.files.map((f) => [f.path, f.text]));
  const author = { analyst: FORMS_PUBLISHER, at, why: `Published from ${listing.root}/ at start` };
  const changes: PublishedChange[] = corpus.flows.flatMap((flow) => [
    ...flow.versions.filter((v) => v.flow && !v.broken).map((v): PublishedChange => ({ kind: "publish", flowId: flow.id, version: v.version, document: texts.get(`${flow.id}/v${v.version}.json`)!, ...author })),
    ...(flow.split && !flow.splitHeldBack ? [{ kind: "traffic" as const, flowId: flow.id, split: splitText(flow.split), onlyIfNone: true, ...author }] : []),
  ]);
  const outcome = await recordPublishedChanges(db, changes);
  if ("conflicts" in outcome) throw conflictError(listing.root, outcome.conflicts[0]!);
}

/** A version file of forms/ that does not load but whose number the store holds: it differs from the published one. */
export function brokenFileConflicts(listing: FormsListing, corpus: FlowCorpus, state: PublishedState): PublishedFlowConflictError | undefined {
  for (const flow of corpus.flows) {
    for (const version of flow.versions.filter((v) => v.broken)) {
      const held = state.versions.find((v) => v.flowId === flow.id && v.version === version.version);
      const text = listing.files.find((f) => f.path === `${flow.id}/v${version.version}.json`)?.text ?? "";
      if (held && contentHash(held.document) !== contentHash(text)) return conflictError(listing.root, { flowId: flow.id, version: version.version, publishedBy: "", publishedAt: "" });
    }
  }
  return undefined;
}

function conflictError(root: string, conflict: PublishConflict): PublishedFlowConflictError {
  const { flowId, version, publishedBy, publishedAt } = conflict;
  const by = publishedBy ? ` (published by ${publishedBy} at ${publishedAt})` : "";
  return new PublishedFlowConflictError(
    `${root}/${flowId}/v${version}.json differs from ${flowId} v${version} as published${by}, and a published version never changes: ` +
      `put the change in a new version, or write the published flows into ${root}/ with npm run flows:export -- --out ${root}`,
  );
}
