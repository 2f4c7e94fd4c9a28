/** The published flows' tables (migration 0014): versions as published, the traffic in force, every change. */

/** One version of a flow as it was published; a row is never changed. */
export interface PublishedFlowVersionsTable {
  flow_id: string;
  version: number;
  /** The document's text exactly as published. */
  document: string;
  /** SHA-256 (hex) of the document's canonical JSON: two texts of the same document have the same hash. */
  content_hash: string;
  /** The analyst who published it, or `forms/` for a version published from the repository's copy at start. */
  published_by: string;
  published_at: string;
  why: string;
}

/** A flow's traffic in force: split.json's shape as JSON text, and the change that set it. */
export interface PublishedFlowTrafficTable {
  flow_id: string;
  split: string;
  change_id: number;
}

/** What a recorded change did. */
export type PublishedChangeKind = "publish" | "traffic";

/** One publish or traffic change, numbered in the order changes were made. */
export interface PublishedFlowChangesTable {
  change_id: number;
  flow_id: string;
  kind: PublishedChangeKind;
  /** The version published (a publish only). */
  version: number | null;
  analyst: string;
  changed_at: string;
  why: string;
  /** The traffic before the change, as JSON (a traffic change on a flow that had some). */
  before: string | null;
  /** What the change made: the traffic after it, or the version published (`{ version, contentHash }`), as JSON. */
  after: string;
}

/** The change counter's one row: it moves with every change, and every change takes its lock first. */
export interface PublishedFlowsRevisionTable {
  id: number;
  revision: number;
}
