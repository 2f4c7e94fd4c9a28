/**
 * The experiment's step beacon: each step a counted visit reaches is sent to POST /api/events with
 * navigator.sendBeacon — flow, version and step only. The visit is known by its cookie, which the browser sends
 * with the beacon; the server counts each step once per visit. Exposures and leads are counted by the server itself.
 */
import type { FlowDocument } from "../../engine/core/types";
import type { QuoteFlowEvent } from "../../engine/react/types";
import type { StepEvent } from "../../schemas/generated/event";

export type { StepEvent };

/** The beacon for an engine event, when it is a step shown. */
export function stepEvent(flow: FlowDocument, event: QuoteFlowEvent): StepEvent | undefined {
  return event.type === "step" ? { flowId: flow.id, version: flow.version, stepId: event.stepId } : undefined;
}

/** Sends one step without delaying the page (the browser delivers it even as the page unloads). */
export function sendStepEvent(event: StepEvent): void {
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return;
  navigator.sendBeacon("/api/events", new Blob([JSON.stringify(event)], { type: "application/json" }));
}
