/**
 * The experiment's step beacon: each step a counted visit reaches is sent to POST /api/events — flow, version and
 * step only. The visit is known by its cookie, which the browser sends
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

let sending: Promise<unknown> = Promise.resolve();

/**
 * Sends one step without delaying the page: a keepalive request, which the browser delivers even as the page
 * unloads. One at a time, in the order the steps were shown: the server counts a step only after one that leads to
 * it (server/experiments/stepOrder.ts), so a beacon must not overtake the one before it.
 */
export function sendStepEvent(event: StepEvent): void {
  if (typeof fetch !== "function") return;
  const body = JSON.stringify(event);
  const send = () => fetch("/api/events", { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true, credentials: "same-origin" });
  sending = sending.then(send).catch(() => undefined);
}
