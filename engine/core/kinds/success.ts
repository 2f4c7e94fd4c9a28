/** The success step: the end of a flow once the lead is in, with the phone status and the upsell (`services`). */
import { SUCCESS_MESSAGE } from "../messages";
import type { StepOfKind } from "../types";
import { checkServices } from "./services";
import { objectOf, type StepKindModule } from "./stepKind";

export const success: StepKindModule<StepOfKind<"success">> = {
  fields: () => [],
  schema: () => objectOf({}, []),
  references: (step, references) => checkServices(step.services, "the success page", references),
  ends: true,
  heading: (step) => step.question ?? SUCCESS_MESSAGE,
};
