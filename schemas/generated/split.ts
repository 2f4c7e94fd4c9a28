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
  /**
   * The metric versions are judged on, per visit: "leads" (visits that sent a lead), "acceptedLeads" (visits whose lead a buyer accepted) or "value" (pounds buyers paid per visit, at the price of each accepted delivery). Default "value".
   */
  decideOn?: "leads" | "acceptedLeads" | "value";
  /**
   * Metric → the relative loss against the control tolerated on it (0.05: at most 5% of the control's mean). A version that fails a guardrail is rolled back whatever its decision metric says. Default { "leads": 0.05 } when deciding on another metric than leads, else none.
   */
  guardrails?: {
    leads?: number;
    acceptedLeads?: number;
    value?: number;
  };
}
