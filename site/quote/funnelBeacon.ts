/**
 * First-party funnel counts: each start, step, submission and lead is sent to POST /api/events with
 * navigator.sendBeacon — flow, version, step and event type only, no personal data and no identifiers.
 */
import type { FlowDocument } from "../../engine/core/types";
import type { QuoteFlowEvent } from "../../engine/react/types";
import type { FunnelEvent } from "../../schemas/generated/event";

export type { FunnelEvent };

/** The funnel event for an engine event, if it is one the funnel counts. */
export function funnelEvent(flow: FlowDocument, event: QuoteFlowEvent): FunnelEvent | undefined {
  const base = { flowId: flow.id, version: flow.version };
  switch (event.type) {
    case "start":
      return { ...base, event: "start" };
    case "step":
      return { ...base, event: "step", stepId: event.stepId };
    case "submit":
      return { ...base, event: "submit" };
    case "leadSuccess":
      return { ...base, event: "lead" };
    case "serviceTypeChosen":
      return undefined;
  }
}

/** The event with the `?v=` a visit asked for that named no version, when it can be counted (a short plain value). */
export function withRequestedVersion(event: FunnelEvent, requested: string): FunnelEvent {
  return /^[A-Za-z0-9._-]{1,16}$/.test(requested) ? { ...event, requestedVersion: requested } : event;
}

/** Sends one funnel event without delaying the page (the browser delivers it even as the page unloads). */
export function sendFunnelEvent(event: FunnelEvent): void {
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return;
  navigator.sendBeacon("/api/events", new Blob([JSON.stringify(event)], { type: "application/json" }));
}
