/** The success step: the end of a flow once the lead is in, with the phone status and the upsell (`services`). */
import { SUCCESS_MESSAGE } from "../messages";
import type { StepOfKind } from "../types";
import { checkServices } from "./services";
import { chosenService, objectOf, type StepKindModule } from "./stepKind";

export const success: StepKindModule<StepOfKind<"success">> = {
  fields: () => [],
  schema: () => objectOf({}, []),
  references: (step, references) => checkServices(step.services, "the success page", references),
  ends: true,
  sampleAnswers: () => [],
  heading: (step) => step.question ?? SUCCESS_MESSAGE,
  // The flow has ended: only the offered services' buttons do anything.
  plainForm(step, posted) {
    const flowId = chosenService(posted, step.services);
    return flowId ? { type: "switchService", flowId } : { type: "redraw", patch: {} };
  },
  // The spec's thank-you line is its heading until one is given.
};

/** The step a new success step starts as in the flow studio (its `next`, when it has one, names itself until placed). */
export const successStarting = (id: string): StepOfKind<"success"> => ({ id, kind: "success" });
