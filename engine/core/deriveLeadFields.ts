/** Lead fields derived from the answers: the name split and the numeric spend band. */
import { spendBand } from "./spendBands";
import type { Answers } from "./types";

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
