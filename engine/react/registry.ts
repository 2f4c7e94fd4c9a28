/** One component per step kind. Adding a kind to flow.schema.json without a component here fails to compile. */
import { lazy } from "react";
import { AddressStep } from "./steps/AddressStep";
import { CheckboxStep } from "./steps/CheckboxStep";
import { RadioStep } from "./steps/RadioStep";
import type { StepRegistry } from "./types";

/** Fetches the form step's chunk (RJSF) ahead of need; React's lazy then finds it loaded. */
export const preloadFormStep = () => import("./steps/FormStep");

/** Fetches the steps that never open a flow (deals, marketplace, upsell, success) ahead of need. */
export const preloadLaterSteps = () => import("./steps/laterSteps");

export const stepRegistry: StepRegistry = {
  radio: RadioStep,
  checkbox: CheckboxStep,
  // RJSF comes in its own chunk, loaded when a flow reaches its first form step.
  form: lazy(preloadFormStep),
  "full-business-address": AddressStep,
  // The first screen of a quote page needs none of these; they arrive once the visitor has started.
  upsell: lazy(() => preloadLaterSteps().then((m) => ({ default: m.UpsellStep }))),
  mmob: lazy(() => preloadLaterSteps().then((m) => ({ default: m.MmobStep }))),
  stickee: lazy(() => preloadLaterSteps().then((m) => ({ default: m.StickeeStep }))),
  success: lazy(() => preloadLaterSteps().then((m) => ({ default: m.SuccessStep }))),
};
