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

/** Fetches the form step's chunk (RJSF) ahead of need; React's lazy then finds it loaded. */
export const preloadFormStep = () => import("./steps/FormStep");

export const stepRegistry = {
  radio: RadioStep,
  checkbox: CheckboxStep,
  // RJSF comes in its own chunk, loaded when a flow reaches its first form step.
  form: lazy(preloadFormStep),
  "full-business-address": AddressStep,
  upsell: UpsellStep,
  mmob: MmobStep,
  stickee: StickeeStep,
  success: SuccessStep,
} satisfies StepRegistry;
