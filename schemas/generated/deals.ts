/* Generated from schemas/deals.schema.json by `npm run schemas:types`. Do not edit. */

export type DealProvider =
  | "BT"
  | "EE"
  | "O2"
  | "Sky"
  | "Virgin Media"
  | "TalkTalk"
  | "Vodafone"
  | "Plusnet"
  | "Hyperoptic"
  | "Community Fibre";

/**
 * A partner deals table (forms/deals/<name>.json), named by a stickee step's `deals`. Offers past their expiry date stay in the file but never show.
 */
export interface DealsTable {
  $schema?: string;
  deals: Deal[];
}
/**
 * One partner offer.
 *
 * This interface was referenced by `DealsTable`'s JSON-Schema
 * via the `definition` "deal".
 */
export interface Deal {
  /**
   * Unique within the file; stable, so analytics can tell offers apart.
   */
  id: string;
  provider: DealProvider;
  /**
   * The package name as the provider sells it.
   */
  name: string;
  /**
   * Average download speed in Mbps.
   */
  downloadMbps: number;
  /**
   * The price per month in pounds (GBP).
   */
  monthlyPrice: number;
  /**
   * The minimum contract term in months (0 for none).
   */
  contractMonths: number;
  /**
   * The last day the offer is valid, YYYY-MM-DD (UK time).
   */
  expires: string;
  /**
   * Where the offer's link goes: the partner's page for the deal.
   */
  url: string;
}
