/**
 * What the studio's HTTP API (server/studio/, at /studio/api/) takes and answers: one statement of each shape, for
 * the server that sends it and the page that reads it.
 */
import type { Finding } from "../core/findings";

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
  /** A flow made in the live studio from a copy: whether a publisher has listed it for search engines and the sitemap. */
  madeInStudio?: { listed: boolean };
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

/** GET /studio/api/flows. */
export interface StudioListing {
  /** The forms folder as messages name it. */
  root: string;
  flows: FlowSummary[];
}

/** POST …/save with no conflict and no error: the diff (confirm false), or the files as written (confirm true). */
export type SaveAnswer = { written: false; diff: FileDiff[] } | { written: true; files: Record<string, FileOnDisk> };
