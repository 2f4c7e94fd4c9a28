/** Which answers follow a visitor into another flow (an upsell): who they are and where, never service answers. */
import { pickAnswers } from "./answers";
import type { Answers } from "./types";

export const CARRIED_FIELDS = [
  "businessName", "customerName", "phone", "email",
  "businessAddress", "businessAddressManual", "street", "townCity", "postcode",
] as const satisfies ReadonlyArray<keyof Answers>;

/** The answers another flow can reuse so nothing is typed twice. */
export function carriedAnswers(answers: Answers): Answers {
  return pickAnswers(answers, CARRIED_FIELDS);
}

/** Fields that identify or locate a person: never passed to a partner page or put in a URL. */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set([...CARRIED_FIELDS, "firstName", "lastName"]);

/**
 * The address Back on a flow's first step returns to: the flow that handed over, with its last step's plain answers in
 * the query (never personal data: addresses are logged), as the browser and the server both hand over.
 */
export function handingFlowAddress(flowPage: string, answers: Answers): string {
  const plain = Object.entries(answers).filter(([field, value]) => typeof value === "string" && !PERSONAL_FIELDS.has(field));
  return `${flowPage}?${new URLSearchParams(plain as Array<[string, string]>).toString()}`;
}
