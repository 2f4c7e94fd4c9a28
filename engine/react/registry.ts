/** One component per step kind. Adding a kind to flow.schema.json without a component here fails to compile. */
import { lazy } from "react";
import { AddressStep } from "./steps/AddressStep";
import { CheckboxStep } from "./steps/CheckboxStep";
import { MmobStep } from "./steps/MmobStep";
import { RadioStep } from "./steps/RadioStep";
import { StickeeStep } from "./steps/StickeeStep";
import { SuccessStep } from "./steps/SuccessStep";
import { UpsellStep } from "./steps/UpsellStep";
import type { StepRegistry } from "./types";

export const stepRegistry = {
  radio: RadioStep,
  checkbox: CheckboxStep,
  // RJSF comes in its own chunk, loaded when a flow reaches its first form step.
  form: lazy(() => import("./steps/FormStep")),
  "full-business-address": AddressStep,
  upsell: UpsellStep,
  mmob: MmobStep,
  stickee: StickeeStep,
  success: SuccessStep,
} satisfies StepRegistry;
