/** The spend band table (schemas/spendBands.json, SPEC §5) as the engine reads it: an answer → the number buyers receive. */
import table from "../../schemas/spendBands.json";
import type { SpendBandTable } from "../../schemas/generated/spendBands";

/** The table's rows, in the spec's order. */
export const SPEND_BAND_TABLE: SpendBandTable = table;

/** Every spend answer the table names, in its order. */
export const SPEND_ANSWERS: readonly string[] = SPEND_BAND_TABLE.rows.flatMap((row) => row.answers);

const spendByAnswer = new Map(SPEND_BAND_TABLE.rows.flatMap((row) => row.answers.map((answer) => [answer, row.spend] as const)));

/** The number for a spend answer: its row's, or the table's `otherwise` (-1) for anything in no row. */
export function spendBand(spendString: unknown): number {
  return (typeof spendString === "string" ? spendByAnswer.get(spendString) : undefined) ?? SPEND_BAND_TABLE.otherwise;
}
