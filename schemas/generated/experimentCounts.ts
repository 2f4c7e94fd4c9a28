/* Generated from schemas/experimentCounts.schema.json by `npm run schemas:types`. Do not edit. */

/**
 * One flow's experiment counts written by hand or exported, for `npm run report:funnel -- --counts FILE`.
 */
export interface ExperimentCountsFile {
  $schema?: string;
  /**
   * The flow the counts are of.
   */
  flowId: string;
  /**
   * The version every other version is compared with (split.json's default).
   */
  control: number;
  /**
   * Version number → share of visitors in the period; a version at 0 is not compared.
   */
  weights: {
    [k: string]: number;
  };
  /**
   * N*: the two groups' combined size the confidence sequence is tuned for (default twice plannedPerVersion, else 10,000).
   */
  sequentialTuning?: number;
  /**
   * The settling window the counts were taken with, in hours (RESULTS_SETTLE_HOURS): shown with the report.
   */
  settleHours?: number;
  /**
   * Visitors planned per version: the report shows progress against it.
   */
  plannedPerVersion?: number;
  /**
   * The metric versions are decided on (split.json's decideOn): "leads", "acceptedLeads" or "value". Default "value".
   */
  decideOn?: "leads" | "acceptedLeads" | "value";
  /**
   * Metric → the relative loss against the control tolerated on it (split.json's guardrails). Default { "leads": 0.05 } when deciding on another metric than leads, else none.
   */
  guardrails?: {
    leads?: number;
    acceptedLeads?: number;
    value?: number;
  };
  /**
   * Version number → its counts over the period.
   */
  versions: {
    [k: string]: VersionCounts;
  };
  /**
   * The same counts by the visitor's device and traffic source: segment → version number → counts.
   */
  segments?: {
    /**
     * "phone", "tablet" or "desktop" → version → counts.
     */
    device: {
      [k: string]: {
        [k: string]: VersionCounts;
      };
    };
    /**
     * utm_source, else the referrer's host, else "direct" (at most 20, the rest "other") → version → counts.
     */
    source: {
      [k: string]: {
        [k: string]: VersionCounts;
      };
    };
  };
  /**
   * Each London day's own counts (not running totals), oldest first.
   */
  days?: {
    /**
     * YYYY-MM-DD, Europe/London.
     */
    day: string;
    versions: {
      [k: string]: VersionCounts;
    };
  }[];
}
/**
 * This interface was referenced by `ExperimentCountsFile`'s JSON-Schema
 * via the `definition` "versionCounts".
 */
export interface VersionCounts {
  /**
   * Distinct visits served the version.
   */
  exposures: number;
  /**
   * Distinct exposed visits that sent a lead.
   */
  leads: number;
  /**
   * Exposed visits whose lead at least one buyer accepted (a delivery whose final outcome is Success); pending visits are not counted. Without it, accepted leads are not reported.
   */
  accepted?: number;
  /**
   * Exposed visits not yet settled: exposed within the settling window (settleHours), or earlier with a lead that still has a delivery under way. Left out of accepted leads and value, numerator and denominator; it may exceed the leads.
   */
  pending?: number;
  /**
   * Pounds buyers paid per visit over the visits that are not pending (a visit with no accepted lead is a 0): the sum of the visits' values and the sum of their squares. Without it, value is not reported.
   */
  value?: {
    /**
     * Σ value, in pounds.
     */
    sum: number;
    /**
     * Σ value², in pounds squared.
     */
    sumSquares: number;
  };
}
