/**
 * What the flow studio's "Add step" puts in a flow, by kind: each kind's module exports the step a new one starts
 * as (`radioStarting` beside `radio`). A registry of its own, so the quote page, which loads the kinds' modules,
 * carries none of them: a kind in schemas/flow.schema.json missing here does not compile.
 */
import type { Step, StepKind, StepOfKind } from "../types";
import { checkboxStarting } from "./checkbox";
import { formStarting } from "./form";
import { fullBusinessAddressStarting } from "./fullBusinessAddress";
import { mmobStarting } from "./mmob";
import { radioStarting } from "./radio";
import { stickeeStarting } from "./stickee";
import { successStarting } from "./success";
import { upsellStarting } from "./upsell";

/** Kind name → the step a new step of that kind starts as, with the id given. */
export const startingSteps = {
  radio: radioStarting,
  checkbox: checkboxStarting,
  form: formStarting,
  "full-business-address": fullBusinessAddressStarting,
  upsell: upsellStarting,
  mmob: mmobStarting,
  stickee: stickeeStarting,
  success: successStarting,
} satisfies { [K in StepKind]: (id: string) => StepOfKind<K> };

/** A new step of the kind, valid, with placeholder words an analyst then edits. */
export function startingStep(kind: StepKind, id: string): Step {
  return startingSteps[kind](id);
}
