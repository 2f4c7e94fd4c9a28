/** The studio's HTTP API (served by the live preview at /studio/api/), as typed fetch calls. */
import type { Finding } from "../../engine/core/findings";

export interface VersionSummary {
  version: number;
  description?: string;
  /** The version's share of visitors in split.json on disk; 0 when it has none. */
  weight: number;
  live: boolean;
  errors: number;
  warnings: number;
}

export interface FlowSummary {
  id: string;
  title: string;
  versions: VersionSummary[];
  split: { errors: number; warnings: number };
}

export interface FileOnDisk {
  text: string;
  /** sha256 of the text, hex. */
  hash: string;
}

export interface FlowFiles {
  id: string;
  root: string;
  title: string;
  files: Record<string, FileOnDisk>;
  findings: Finding[];
}

export interface FileToSave {
  text: string;
  /** The hash the file had when opened; null for a file that must not exist yet. */
  base: string | null;
}

export interface FileDiff {
  name: string;
  created: boolean;
  /** Unified diff of the file as it is on disk against the draft. */
  patch: string;
}

export interface Conflict {
  name: string;
  disk: string | null;
  draft: string;
}

export type SaveResult =
  | { outcome: "diff"; diff: FileDiff[] }
  | { outcome: "written"; files: Record<string, FileOnDisk> }
  | { outcome: "conflict"; conflicts: Conflict[] }
  | { outcome: "refused"; findings: Finding[] };

const api = "/studio/api/flows";

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(await messageOf(response));
  return (await response.json()) as T;
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: string };
    return body.message ?? `The studio's server answered ${response.status}`;
  } catch {
    return `The studio's server answered ${response.status}`;
  }
}

const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** Every flow in the forms folder, with its versions' weights and counts of findings. */
export async function listFlows(): Promise<{ root: string; flows: FlowSummary[] }> {
  return json(await fetch(api));
}

/** A flow's files as they are on disk, or undefined when there is no such flow. */
export async function readFlowFiles(flow: string): Promise<FlowFiles | undefined> {
  const response = await fetch(`${api}/${encodeURIComponent(flow)}`);
  if (response.status === 404) return undefined;
  return json(response);
}

/** The findings forms:check would give with these drafts in place of the files on disk. */
export async function checkDrafts(flow: string, files: Record<string, string>, signal?: AbortSignal): Promise<Finding[]> {
  const response = await fetch(`${api}/${encodeURIComponent(flow)}/check`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ files }), signal });
  return (await json<{ findings: Finding[] }>(response)).findings;
}

/** Asks for the diff (confirm false) or writes the files (confirm true). */
export async function saveFiles(flow: string, files: Record<string, FileToSave>, confirm: boolean): Promise<SaveResult> {
  const response = await post(`${api}/${encodeURIComponent(flow)}/save`, { files, confirm });
  if (response.status === 409) return { outcome: "conflict", ...(await response.json()) as { conflicts: Conflict[] } };
  if (response.status === 422) return { outcome: "refused", ...(await response.json()) as { findings: Finding[] } };
  const body = await json<{ written: false; diff: FileDiff[] } | { written: true; files: Record<string, FileOnDisk> }>(response);
  return body.written ? { outcome: "written", files: body.files } : { outcome: "diff", diff: body.diff };
}
