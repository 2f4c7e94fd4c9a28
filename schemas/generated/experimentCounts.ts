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
   * Visitors planned per version: the report shows progress against it.
   */
  plannedPerVersion?: number;
  /**
   * Version number → its counts over the period.
   */
  versions: {
    [k: string]: {
      /**
       * Distinct visits served the version.
       */
      exposures: number;
      /**
       * Distinct exposed visits that sent a lead.
       */
      leads: number;
    };
  };
}
