/**
 * A flow's first question answered before the page's script has run. Its pre-rendered form posts the choice to
 * FIRST_ANSWER_ROUTE, which sends the visitor back to the quote page with the choice in the query
 * (`?industry=retail`, beside any campaign parameters the page had); the page then takes it as an answer.
 * Only a kind that offers a choice of options on a non-personal field qualifies (its module's `plainFirstAnswer`):
 * never a typed or personal answer in an address.
 */
import { kindOf } from "./kinds/registry";
import type { FieldKey, FlowDocument, Step } from "./types";

/** Where a pre-rendered first question posts its answer. */
export const FIRST_ANSWER_ROUTE = "/api/quote/first-answer";

/** A first step a plain form may answer: the step, its field and the values it takes. */
export interface FirstQuestion {
  step: Step;
  field: FieldKey;
  values: readonly string[];
}

/** The flow's first step when its kind lets a plain form answer it before scripts run. */
export function firstQuestion(flow: Pick<FlowDocument, "start" | "steps">): FirstQuestion | undefined {
  const step = flow.steps.find((s) => s.id === flow.start);
  const answer = step ? kindOf(step).plainFirstAnswer?.(step) : undefined;
  return step && answer ? { step, ...answer } : undefined;
}
