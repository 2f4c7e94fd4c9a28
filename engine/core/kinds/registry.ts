/**
 * Every step kind's module, by the kind's name: the one place the engine lists the kinds. A kind in
 * schemas/flow.schema.json without a module here does not compile.
 */
import type { Step, StepKind, StepOfKind } from "../types";
import { checkbox } from "./checkbox";
import { form } from "./form";
import { fullBusinessAddress } from "./fullBusinessAddress";
import { mmob } from "./mmob";
import { radio } from "./radio";
import type { StepKindModule } from "./stepKind";
import { stickee } from "./stickee";
import { success } from "./success";
import { upsell } from "./upsell";

/** Kind name → its module. */
export const stepKinds = {
  radio,
  checkbox,
  form,
  "full-business-address": fullBusinessAddress,
  upsell,
  mmob,
  stickee,
  success,
} satisfies { [K in StepKind]: StepKindModule<StepOfKind<K>> };

/** The module of a step's kind, typed for that step. */
export function kindOf(step: Step): StepKindModule<Step> {
  // Sound: the registry's key is the step's own kind, so its module takes this step.
  return stepKinds[step.kind] as unknown as StepKindModule<Step>;
}

/** The module of a kind, for a step of that kind. */
export function moduleOfKind(kind: StepKind): StepKindModule<Step> {
  // Sound for steps of this kind, the only ones given to it: the registry's key is the kind.
  return stepKinds[kind] as unknown as StepKindModule<Step>;
}
