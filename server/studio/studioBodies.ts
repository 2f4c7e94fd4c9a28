/**
 * The studio's request bodies, read by hand so that each mistake gets a message that says where: a check's
 * drafts (`{ files: { "v2.json": text } }`) and a save's (`{ files: { "v2.json": { text, base } }, confirm }`).
 */
import type { FileToSave } from "../../engine/studio/studioApiShapes";
import { STUDIO_FILE } from "./flowFolder";

/** A flow folder holds a few files; a body naming more is not the studio's. */
const MAX_FILES = 20;

/** A body that cannot be read, with the message to answer it with (a 400). */
export class BadBody extends Error {}

/** A check's drafts: file name → text. */
export function readCheckBody(body: unknown): Record<string, string> {
  const files = readFiles(body);
  const drafts: Record<string, string> = {};
  for (const [name, text] of files) {
    if (typeof text !== "string") throw new BadBody(`files["${name}"] must be the file's text (a string)`);
    drafts[name] = text;
  }
  return drafts;
}

/** A save's drafts and whether to write them. */
export function readSaveBody(body: unknown): { files: Record<string, FileToSave>; confirm: boolean } {
  const files = readFiles(body);
  const { confirm } = body as { confirm?: unknown };
  if (typeof confirm !== "boolean") throw new BadBody("confirm must be true (write the files) or false (show the diff)");
  const drafts: Record<string, FileToSave> = {};
  for (const [name, draft] of files) {
    const { text, base } = (draft ?? {}) as { text?: unknown; base?: unknown };
    if (!draft || typeof draft !== "object" || Array.isArray(draft)) throw new BadBody(`files["${name}"] must be { text, base }`);
    if (typeof text !== "string") throw new BadBody(`files["${name}"].text must be the file's text (a string)`);
    if (base !== null && (typeof base !== "string" || !/^[0-9a-f]{64}$/.test(base))) {
      throw new BadBody(`files["${name}"].base must be the hash the file had when opened, or null for a new file`);
    }
    drafts[name] = { text, base };
  }
  return { files: drafts, confirm };
}

function readFiles(body: unknown): Array<[string, unknown]> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new BadBody("The request body must be a JSON object with files");
  const { files } = body as { files?: unknown };
  if (!files || typeof files !== "object" || Array.isArray(files)) throw new BadBody("files must be an object: file name → draft");
  const entries = Object.entries(files);
  if (entries.length === 0) throw new BadBody("files must name at least one file");
  if (entries.length > MAX_FILES) throw new BadBody(`files names ${entries.length} files; a flow's folder holds at most ${MAX_FILES}`);
  for (const [name] of entries) {
    if (!STUDIO_FILE.test(name)) throw new BadBody(`"${name}" is not a file the studio writes: a version is v<N>.json (v2.json), the split is split.json`);
  }
  return entries;
}
