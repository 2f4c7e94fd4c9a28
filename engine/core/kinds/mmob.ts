/** A partner marketplace step (mmob): the partner's page in a frame, loaded through our own address for the step. */
import type { StepOfKind } from "../types";
import { objectOf, type StepKindModule } from "./stepKind";

export const mmob: StepKindModule<StepOfKind<"mmob">> = {
  fields: () => [],
  schema: () => objectOf({}, []),
  heading: (step) => step.question,
  shown: (step) => [{ text: `A marketplace of ${step.partner}.` }],
  sampleAnswers: () => [{}],
  // Asks nothing: its button asks for a call back instead.
  plainForm: () => ({ type: "next", patch: {} }),
  partnerFrame: (step) => ({ url: step.url, partner: step.partner, passFields: step.passFields ?? [] }),
};

/** The step a new mmob step starts as in the flow studio (its `next`, when it has one, names itself until placed). */
export const mmobStarting = (id: string): StepOfKind<"mmob"> => ({ id, kind: "mmob", question: "New question", partner: "mmob", url: "https://marketplace.example.com/", passFields: [], next: id });
