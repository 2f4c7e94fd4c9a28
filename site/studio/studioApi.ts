/** The studio's HTTP API (served by the live preview at /studio/api/), as typed fetch calls. */
import type { Finding } from "../../engine/core/findings";
import type { Conflict, FileDiff, FileOnDisk, FileToSave, FlowFiles, SaveAnswer, StudioListing } from "../../engine/studio/studioApiShapes";

import { STUDIO_API } from "./studioPlace";

export type { Conflict, FileDiff, FileOnDisk, FileToSave, FlowFiles, FlowSummary, VersionSummary } from "../../engine/studio/studioApiShapes";

export type SaveResult =
  | { outcome: "diff"; diff: FileDiff[] }
  | { outcome: "written"; files: Record<string, FileOnDisk> }
  | { outcome: "conflict"; conflicts: Conflict[] }
  | { outcome: "refused"; findings: Finding[] };

const api = STUDIO_API;

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

const post = (url: string, body: unknown, signal?: AbortSignal) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), ...(signal ? { signal } : {}) });

/** Every flow in the forms folder, with its versions' weights and counts of findings. */
export async function listFlows(): Promise<StudioListing> {
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
  const response = await post(`${api}/${encodeURIComponent(flow)}/check`, { files }, signal);
  return (await json<{ findings: Finding[] }>(response)).findings;
}

/** Asks for the diff (confirm false) or writes the files (confirm true). */
export async function saveFiles(flow: string, files: Record<string, FileToSave>, confirm: boolean): Promise<SaveResult> {
  const response = await post(`${api}/${encodeURIComponent(flow)}/save`, { files, confirm });
  if (response.status === 409) return { outcome: "conflict", ...(await response.json()) as { conflicts: Conflict[] } };
  if (response.status === 422) return { outcome: "refused", ...(await response.json()) as { findings: Finding[] } };
  const body = await json<SaveAnswer>(response);
  return body.written ? { outcome: "written", files: body.files } : { outcome: "diff", diff: body.diff };
}
