/**
 * The published state as a listing of the forms folder: the repository's copy as read at start, each version the
 * store holds in its published text, and each flow's traffic as its split.json. The engine's corpus model reads it
 * as it reads forms/, so what the server serves is checked, defaulted and split exactly as a build of forms/ is.
 */
import type { FormsListing } from "../../engine/core/flowCorpus";
import { formatJson } from "../../engine/studio/jsonStyle";
import type { TrafficSplit } from "../../schemas/generated/split";
import type { PublishedState } from "../storage/publishedFlowsStore";

/** The split.json `$schema` line, as the repository writes it. */
const SPLIT_SCHEMA = "../../schemas/split.schema.json";

/** A split as the store keeps it: split.json's fields, without the editor's `$schema` line. */
export function splitText(split: TrafficSplit): string {
  const { $schema: _schema, ...fields } = split;
  return JSON.stringify(fields);
}

/** A stored split as the repository writes split.json (the `$schema` line first, two spaces, a final newline). */
export function splitFile(stored: string): string {
  return formatJson({ $schema: SPLIT_SCHEMA, ...(JSON.parse(stored) as object) });
}

/** The forms folder's listing with the store's versions and traffic laid over it. */
export function publishedListing(forms: FormsListing, state: PublishedState): FormsListing {
  const files = new Map(forms.files.map((f) => [f.path, f.text]));
  for (const v of state.versions) files.set(`${v.flowId}/v${v.version}.json`, v.document);
  for (const t of state.traffic) files.set(`${t.flowId}/split.json`, splitFile(t.split));
  return { root: forms.root, files: [...files].map(([path, text]) => ({ path, text })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
}

/** Whether two listings hold the same files with the same text. */
export function sameListing(a: FormsListing, b: FormsListing): boolean {
  if (a.files.length !== b.files.length) return false;
  const texts = new Map(a.files.map((f) => [f.path, f.text]));
  return b.files.every((f) => texts.get(f.path) === f.text);
}
