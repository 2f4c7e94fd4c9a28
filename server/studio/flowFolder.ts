/**
 * One flow's folder as the studio sees it: its version files and split.json with their texts and hashes, and the
 * forms folder's findings for this flow with drafts in place of files on disk. The whole folder is read, as
 * `npm run forms:check` reads it, so a draft is judged exactly as the check would judge it once written.
 */
import { createHash } from "node:crypto";
import type { Finding } from "../../engine/core/findings";
import { readFlowCorpus, VERSION_FILE, type FlowCorpus, type FormsListing } from "../../engine/core/flowCorpus";
import type { SchemaCheck } from "../../engine/core/types";
import type { FileOnDisk } from "../../engine/studio/studioApiShapes";
import { readFormsFolder } from "../../engine/node/formsFolder";

/** The names a flow's folder holds that the studio reads and writes: `v<N>.json` and `split.json`. */
export const STUDIO_FILE = /^(v[1-9][0-9]{0,5}\.json|split\.json)$/;

/** A flow id as a folder name: lower-case letters, digits and hyphens. */
const FLOW_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The sha256 (hex) of a text's UTF-8 bytes. */
export function textHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** The forms folder's listing, and whether it has this flow (a folder holding at least one version file). */
export function readListing(formsDir: string, flowId: string): { listing: FormsListing; known: boolean } {
  const listing = readFormsFolder(formsDir);
  return { listing, known: knownFlow(listing, flowId) };
}

/** Whether the listing has this flow (a folder holding at least one version file). */
export function knownFlow(listing: FormsListing, flowId: string): boolean {
  return FLOW_ID.test(flowId) && listing.files.some((f) => f.path.startsWith(`${flowId}/`) && VERSION_FILE.test(f.path.slice(flowId.length + 1)));
}

/** The flow's studio files on disk (`v1.json`, …, `split.json`), by name, in the listing's order. */
export function flowFiles(listing: FormsListing, flowId: string): Record<string, FileOnDisk> {
  const files: Record<string, FileOnDisk> = {};
  const ordered = listing.files
    .filter((f) => f.path.startsWith(`${flowId}/`))
    .map((f) => ({ name: f.path.slice(flowId.length + 1), text: f.text }))
    .filter((f) => STUDIO_FILE.test(f.name))
    .sort((a, b) => fileOrder(a.name) - fileOrder(b.name));
  for (const { name, text } of ordered) files[name] = { text, hash: textHash(text) };
  return files;
}

/** Versions by number, then split.json. */
function fileOrder(name: string): number {
  return name === "split.json" ? Number.MAX_SAFE_INTEGER : Number(name.slice(1, -".json".length));
}

/** The file's text as the listing read it, or null when the folder has none. */
export function listedText(listing: FormsListing, flowId: string, name: string): string | null {
  return listing.files.find((f) => f.path === `${flowId}/${name}`)?.text ?? null;
}

/** `forms/business-water/v2.json`: the file as findings and messages name it. */
export function shownName(listing: FormsListing, flowId: string, name: string): string {
  return `${listing.root}/${flowId}/${name}`;
}

/** The forms folder as forms:check reads it, with `drafts` (name → text) in place of (or beside) this flow's files. */
export function draftCorpus(listing: FormsListing, flowId: string, drafts: Record<string, string>, check: SchemaCheck): FlowCorpus {
  const drafted = new Set(Object.keys(drafts).map((name) => `${flowId}/${name}`));
  const files = [...listing.files.filter((f) => !drafted.has(f.path)), ...Object.entries(drafts).map(([name, text]) => ({ path: `${flowId}/${name}`, text }))];
  return readFlowCorpus({ root: listing.root, files }, check);
}

/** The corpus's findings on this flow's files. */
export function flowFindings(corpus: FlowCorpus, flowId: string): Finding[] {
  const prefix = `${corpus.root}/${flowId}/`;
  return corpus.findings.filter((f) => f.file.startsWith(prefix));
}
