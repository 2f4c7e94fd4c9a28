/**
 * What the experiment report is computed from: one flow's counts over one experiment period. The store
 * (server/storage/experimentStore.ts) reads them from the database; `report:funnel -- --counts FILE` reads them
 * from a file; both hand them to analyseExperiment (experimentReport.ts).
 */
import type { ExperimentMetric } from "../../engine/core/flowCorpus";
import type { SplitHeldBack } from "../../engine/core/trafficSplit";
import type { FlowDocument } from "../../engine/core/types";

export type { ExperimentMetric };

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
  /**
   * Exposed visits whose lead at least one buyer accepted: a delivery whose final outcome is Success (never a
   * duplicate, a rejection, a dead delivery, a held lead or one routed to nobody). Pending visits are not counted.
   * Absent when not known (an older counts file): read as 0 accepted of 0 settled.
   */
  accepted?: number;
  /**
   * Exposed visits not yet settled: exposed within the settling window (`settleHours`), with or without a lead, or
   * earlier with a lead that still has a delivery under way. Left out of `acceptedLeads` and `value`, numerator and
   * denominator, so a version whose buyers answer slowly is not judged worse while they do; it may exceed `leads`.
   */
  pending?: number;
  /** What became of every lead so far, settled or not (absent in a counts file). */
  outcomes?: LeadOutcomeCounts;
  /**
   * Pounds paid per visit over the exposed visits that are not pending (a visit with no accepted lead is a 0): the
   * sum of the visits' values and of their squares. A visit's value is the sum of the prices of its lead's accepted
   * deliveries, at the price in force when each was delivered.
   */
  value?: ValueSums;
}

/** The visits with a lead, by what became of the lead: they add up to the leads. */
export interface LeadOutcomeCounts {
  /** At least one buyer took it. */
  accepted: number;
  /** It repeats a lead already stored (code 2), or every buyer called it a duplicate. */
  duplicates: number;
  /** Every buyer it was sent to turned it down, or stopped answering after every attempt. */
  rejected: number;
  /** It went to no buyer: none matched, every one was at its cap, or it was held. */
  unrouted: number;
  /** A delivery is still under way. */
  delivering: number;
}

/** Σx and Σx² of a value per visit, in pounds (and pounds squared). */
export interface ValueSums {
  sum: number;
  sumSquares: number;
}

/** Segment → version → counts (exposures, leads, accepted, pending, value; no steps). */
export type SegmentedCounts = Record<string, Record<string, VersionCounts>>;

/** The segments a visit is counted in, from its exposure: how it looked at the page and where it came from. */
export interface ExperimentSegments {
  /** "phone", "tablet" or "desktop", from the User-Agent. */
  device: SegmentedCounts;
  /**
   * The utm_source the visit arrived with, else the referrer's host, else "direct"; at most 20 named sources per
   * flow, the rest "other".
   */
  source: SegmentedCounts;
}

/** One London day of the period: the counts of the visits first exposed that day (not running totals). */
export interface DayCounts {
  /** YYYY-MM-DD, Europe/London. */
  day: string;
  /** Version → counts (no steps). */
  versions: Record<string, VersionCounts>;
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
  /**
   * The settling window the counts were taken with, in hours: a visit's accepted lead and value count once it was
   * exposed longer ago than this (RESULTS_SETTLE_HOURS). Absent in a counts file that does not say.
   */
  settleHours?: number;
  /** N*: the two groups' combined size the confidence sequence is tuned for (default 2 × planned, else 10,000). */
  sequentialTuning?: number;
  /** The metric the decision is taken on (split.json's `decideOn`); default "value". */
  decideOn?: ExperimentMetric;
  /** Metric → tolerated relative loss (split.json's `guardrails`); default { leads: 0.05 } when deciding on another. */
  guardrails?: Partial<Record<ExperimentMetric, number>>;
  /** The current period's split.json has an error and is held back (so the weights in force are not the file's). */
  splitHeldBack?: SplitHeldBack;
  /** The same counts by segment (absent in a counts file that has none). */
  segments?: ExperimentSegments;
  /** The same counts by day since the period began, oldest first (absent in a counts file that has none). */
  days?: DayCounts[];
}
