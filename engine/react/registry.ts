/** One component per step kind. Adding a kind to flow.schema.json without a component here fails to compile. */
import { createElement, lazy, type ComponentType } from "react";
import type { StepKind } from "../core/types";
import { CheckboxStep } from "./steps/CheckboxStep";
import { RadioStep } from "./steps/RadioStep";
import type { StepComponent, StepPreloads, StepProps, StepRegistry } from "./types";

/** Fetches the form step's chunk (RJSF) ahead of need; React's lazy then finds it loaded. */
export const preloadFormStep = () => import("./steps/FormStep");

/** Fetches the steps that never open a flow (deals, marketplace, upsell, success) ahead of need. */
export const preloadLaterSteps = () => import("./steps/laterSteps");

/**
 * A step in a chunk of its own: drawn at once when its chunk is already in (a page about to take over a step of
 * this kind fetches it first, so the step is taken over with the rest), else through React's lazy.
 */
export function stepInChunk<K extends StepKind>(load: () => Promise<ComponentType<StepProps<K>>>) {
  let loaded: ComponentType<StepProps<K>> | undefined;
  const fetchStep = async () => (loaded = await load());
  const Lazy = lazy(async () => ({ default: await fetchStep() }));
  // React takes the loaded component for the lazy one it resolved to: a step drawn through lazy keeps its inputs.
  const Step: StepComponent<K> = (props) => createElement(loaded ?? Lazy, props);
  return { Step, preload: fetchStep };
}

// The business address opens business energy's v2, but most flows reach it later: it comes in its own chunk.
const addressStep = stepInChunk<"full-business-address">(() => import("./steps/FullBusinessAddressStep").then((m) => m.FullBusinessAddressStep));

/** The kinds whose step comes in a chunk of its own, and how to fetch it. */
const stepChunks: Partial<Record<StepKind, () => Promise<unknown>>> = { "full-business-address": addressStep.preload };

/** Fetches a kind's chunk before a page drawn on the server at a step of that kind is taken over. */
export const preloadStepKind = (kind: string): Promise<unknown> => stepChunks[kind as StepKind]?.() ?? Promise.resolve();

/** What a kind's component fetches ahead of need once the visitor has moved on (RJSF and the validators for a form step). */
export const stepPreloads: StepPreloads = {
  form: (services, flow) => preloadFormStep().then((module) => module.preloadValidators(services, flow)),
  "full-business-address": () => addressStep.preload(),
};

export const stepRegistry: StepRegistry = {
  radio: RadioStep,
  checkbox: CheckboxStep,
  // RJSF comes in its own chunk, loaded when a flow reaches its first form step.
  form: lazy(preloadFormStep),
  "full-business-address": addressStep.Step,
  // The first screen of a quote page needs none of these; they arrive once the visitor has started.
  upsell: lazy(() => preloadLaterSteps().then((m) => ({ default: m.UpsellStep }))),
  mmob: lazy(() => preloadLaterSteps().then((m) => ({ default: m.MmobStep }))),
  stickee: lazy(() => preloadLaterSteps().then((m) => ({ default: m.StickeeStep }))),
  success: lazy(() => preloadLaterSteps().then((m) => ({ default: m.SuccessStep }))),
};
