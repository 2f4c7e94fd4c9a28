/** A deals step (stickee): a table of partner deals to follow; it asks nothing. */
import type { StepOfKind } from "../types";
import { objectOf, type StepKindModule } from "./stepKind";

export const stickee: StepKindModule<StepOfKind<"stickee">> = {
  fields: () => [],
  schema: () => objectOf({}, []),
  heading: (step) => step.question,
  shown: () => [{ text: "A table of partner deals." }],
  sampleAnswers: () => [{}],
  // Asks nothing: the deals are links out, and its button asks for a call back instead.
  plainForm: () => ({ type: "next", patch: {} }),
};

/** The step a new stickee step starts as in the flow studio (its `next`, when it has one, names itself until placed). */
export const stickeeStarting = (id: string): StepOfKind<"stickee"> => ({ id, kind: "stickee", question: "New question", deals: "home-broadband", next: id });
