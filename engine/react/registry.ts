/** One component per step kind. Adding a kind to flow.schema.json without a component here fails to compile. */
import { lazy } from "react";
import { FullBusinessAddressStep } from "./steps/FullBusinessAddressStep";
import { CheckboxStep } from "./steps/CheckboxStep";
import { RadioStep } from "./steps/RadioStep";
import type { StepPreloads, StepRegistry } from "./types";

/** Fetches the form step's chunk (RJSF) ahead of need; React's lazy then finds it loaded. */
export const preloadFormStep = () => import("./steps/FormStep");

/** Fetches the steps that never open a flow (deals, marketplace, upsell, success) ahead of need. */
export const preloadLaterSteps = () => import("./steps/laterSteps");

/** What a kind's component fetches ahead of need once the visitor has moved on (RJSF and the validators for a form step). */
export const stepPreloads: StepPreloads = {
  form: (services, flow) => preloadFormStep().then((module) => module.preloadValidators(services, flow)),
};

export const stepRegistry: StepRegistry = {
  radio: RadioStep,
  checkbox: CheckboxStep,
  // RJSF comes in its own chunk, loaded when a flow reaches its first form step.
  form: lazy(preloadFormStep),
  "full-business-address": FullBusinessAddressStep,
  // The first screen of a quote page needs none of these; they arrive once the visitor has started.
  upsell: lazy(() => preloadLaterSteps().then((m) => ({ default: m.UpsellStep }))),
  mmob: lazy(() => preloadLaterSteps().then((m) => ({ default: m.MmobStep }))),
  stickee: lazy(() => preloadLaterSteps().then((m) => ({ default: m.StickeeStep }))),
  success: lazy(() => preloadLaterSteps().then((m) => ({ default: m.SuccessStep }))),
};
