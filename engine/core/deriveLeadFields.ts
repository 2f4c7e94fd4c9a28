/** Lead fields derived from the answers: the name split and the numeric spend band. */
import type { Answers } from "./types";

/**
 * The spend band table: the monthly spend a visitor picks (spendString) → the band number buyers
 * receive (spend). Anything else, "not sure" included, is -1.
 */
export const SPEND_BANDS: ReadonlyArray<readonly [spendString: string, spend: number]> = [
  ["0-250", 1],
  ["250-500", 2],
  ["500-1000", 3],
  ["1000-2500", 4],
  ["2500-5000", 5],
  ["5000-10000", 6],
  ["10000+", 7],
];

const spendByString = new Map(SPEND_BANDS);

/** The band number for a spend string, or -1 for anything not in the table. */
export function spendBand(spendString: unknown): number {
  return typeof spendString === "string" ? (spendByString.get(spendString) ?? -1) : -1;
}

/**
 * Splits a full name: punctuation removed, the last word is the last name, the words before it the
 * first name; a single word gives an empty last name.
 */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.replace(/\p{P}/gu, "").split(/\s+/u).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? "", lastName: "" };
  return { firstName: words.slice(0, -1).join(" "), lastName: words.at(-1)! };
}

/** The answers with derived fields set (and any the visitor sent for them replaced). */
export function deriveLeadFields(answers: Answers): Answers {
  const derived: Answers = { ...answers };
  delete derived.firstName;
  delete derived.lastName;
  delete derived.spend;
  if (typeof answers.customerName === "string") Object.assign(derived, splitName(answers.customerName));
  if (answers.spendString !== undefined) derived.spend = spendBand(answers.spendString);
  return derived;
}
