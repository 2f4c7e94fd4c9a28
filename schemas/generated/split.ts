/* Generated from schemas/split.schema.json by `npm run schemas:types`. Do not edit. */

/**
 * How visitors without ?v= are shared between a flow's versions (forms/<flow>/split.json).
 */
export interface TrafficSplit {
  $schema?: string;
  /**
   * The version that an unknown ?v= falls back to, and the one pre-rendered.
   */
  default: number;
  /**
   * Version number → share of traffic; the shares add up to 100.
   */
  weights: {
    [k: string]: number;
  };
  /**
   * Visitors planned per version: the report shows progress against it and tunes its confidence sequence for twice this many
   */
  plannedPerVersion?: number;
}
