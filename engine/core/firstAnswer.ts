/**
 * A flow's first question answered before the page's script has run. Its pre-rendered form posts the choice to
 * FIRST_ANSWER_ROUTE, which sends the visitor back to the quote page with the choice in the query
 * (`?industry=retail`, beside any campaign parameters the page had); the page then takes it as an answer.
 * Only a choice of options qualifies: never a typed or personal answer in an address.
 */
import { PERSONAL_FIELDS } from "./carryOver";
import type { FlowDocument, StepOfKind } from "./types";

/** Where a pre-rendered first question posts its answer. */
export const FIRST_ANSWER_ROUTE = "/api/quote/first-answer";

/** The flow's first step when it is a choice of options on a non-personal field. */
export function firstQuestion(flow: Pick<FlowDocument, "start" | "steps">): StepOfKind<"radio"> | undefined {
  const first = flow.steps.find((s) => s.id === flow.start);
  return first?.kind === "radio" && !PERSONAL_FIELDS.has(first.field) ? first : undefined;
}
