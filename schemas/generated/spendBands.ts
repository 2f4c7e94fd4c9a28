/* Generated from schemas/spendBands.schema.json by `npm run schemas:types`. Do not edit. */

/**
 * The spend band table (schemas/spendBands.json): each row maps one or more spend answers to the number buyers receive.
 */
export interface SpendBandTable {
  $schema?: string;
  description?: string;
  /**
   * @minItems 1
   */
  rows: SpendBandRow[];
  /**
   * The spend of an answer in no row.
   */
  otherwise: number;
}
export interface SpendBandRow {
  /**
   * @minItems 1
   */
  answers: string[];
  spend: number;
}
