/**
 * What the published state's thread and the server's thread say to each other (publishedStateThread.ts), and the
 * published files by flow folder, as both keep them: a change touches one folder without copying the others.
 */
import type { FlowReading } from "../../engine/core/corpusSplice";
import type { Finding } from "../../engine/core/findings";
import type { FlowCorpus, FormsListing } from "../../engine/core/flowCorpus";
import type { PublishedState } from "../storage/publishedFlowsStore";
import { splitFile } from "./publishedListing";

/** Each folder of the listing (a flow's, or a data folder's; "" for the files beside them): its files by name. */
export type Folders = Map<string, Map<string, string>>;

/** What the thread is asked. */
export type StateAsk =
  | { kind: "start"; listing: FormsListing; wantCorpus: boolean }
  | { kind: "apply"; changes: PublishedState }
  | { kind: "check"; flowId: string; version: number; text: string };

/** What it answers: the whole corpus, the flows read again, a publish's findings, or that it started. */
export type StateAnswer = { kind: "corpus"; corpus: FlowCorpus } | { kind: "flows"; readings: FlowReading[] } | { kind: "findings"; findings: Finding[] } | { kind: "started" };

/** The listing's files by folder. */
export function listingFolders(listing: FormsListing): Folders {
  const folders: Folders = new Map();
  for (const { path, text } of listing.files) {
    const at = path.indexOf("/");
    const folder = at < 0 ? "" : path.slice(0, at);
    let files = folders.get(folder);
    if (!files) folders.set(folder, (files = new Map()));
    files.set(path.slice(at + 1), text);
  }
  return folders;
}

/** The folders as a listing, its files in path order (as the forms folder reads). */
export function folderListing(root: string, folders: Folders): FormsListing {
  const files = [...folders].flatMap(([folder, names]) => [...names].map(([name, text]) => ({ path: folder ? `${folder}/${name}` : name, text })));
  return { root, files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
}

/** Lays the versions published and the traffic set over the folders; returns the flows they touch. */
export function applyChanges(folders: Folders, changes: PublishedState): Set<string> {
  const touched = new Set<string>();
  const folder = (id: string) => {
    touched.add(id);
    let files = folders.get(id);
    if (!files) folders.set(id, (files = new Map()));
    return files;
  };
  for (const v of changes.versions) folder(v.flowId).set(`v${v.version}.json`, v.document);
  for (const t of changes.traffic) folder(t.flowId).set("split.json", splitFile(t.split));
  return touched;
}
