/**
 * What the experiment report is computed from: one flow's counts over one experiment period. The store
 * (server/storage/experimentStore.ts) reads them from the database; `report:funnel -- --counts FILE` reads them
 * from a file; both hand them to analyseExperiment (experimentReport.ts).
 */
import type { FlowDocument } from "../../engine/core/types";

/** A stretch of time over which a flow's weights and served version files stayed the same. */
export interface ExperimentPeriod {
  /** A short hash of the weights, the control and the served versions' files. */
  id: string;
  /** ISO 8601 UTC: when a server first served the flow with this set-up. */
  startedAt: string;
  /** Version → share of visitors (the weights in force, adding up to 100). */
  weights: Record<string, number>;
  /** The split's default version: every other version is compared with it. */
  control: number;
  /** Visitors planned per version (split.json's `plannedPerVersion`), when named. */
  plannedPerVersion?: number;
}

/** One version's counts over a period. */
export interface VersionCounts {
  /** Distinct visits served this version (previews, test visits, bots and prefetches never count). */
  exposures: number;
  /** Distinct exposed visits that produced a stored lead (test leads excluded). */
  leads: number;
  /** Step id → distinct exposed visits that reached it (absent when not known, as in a counts file). */
  steps?: Record<string, number>;
}

/** The input of one report. */
export interface ExperimentCounts {
  flowId: string;
  period: ExperimentPeriod;
  /** Version → counts; a version with weight but no visits yet has zeros. */
  versions: Record<string, VersionCounts>;
  /** Version → its document, for the order visitors meet the steps (absent in a counts file). */
  documents?: Record<string, FlowDocument | undefined>;
  /** New visits served in the period but left out of these counts: their address was past its limit of new visits. */
  leftOut?: number;
  /** N*: the two groups' combined size the confidence sequence is tuned for (default 2 × planned, else 10,000). */
  sequentialTuning?: number;
}
