/**
 * The published state written as the repository keeps it: `<out>/<flow>/v<N>.json` for every version and
 * `<out>/<flow>/split.json` for the traffic in force, in the repository's JSON style, so the same state always gives
 * the same bytes and a team that keeps flows in git can commit it (forms:check passes on it).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { formatJson } from "../../engine/studio/jsonStyle";
import { readPublishedState } from "../storage/publishedFlowsStore";
import type { Database } from "../storage/schema";
import { splitFile } from "./publishedListing";

/** Writes every published version and split under `outDir`; returns the files written, relative to it. */
export async function exportPublishedFlows(db: Kysely<Database>, outDir: string): Promise<string[]> {
  const state = await readPublishedState(db);
  const files = new Map<string, string>();
  for (const v of state.versions) files.set(`${v.flowId}/v${v.version}.json`, formatJson(JSON.parse(v.document)));
  for (const t of state.traffic) files.set(`${t.flowId}/split.json`, splitFile(t.split));
  for (const [name, text] of files) {
    await mkdir(path.join(outDir, path.dirname(name)), { recursive: true });
    await writeFile(path.join(outDir, name), text);
  }
  return [...files.keys()];
}
