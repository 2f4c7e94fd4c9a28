/* Generated from schemas/event.schema.json by `npm run schemas:types`. Do not edit. */

/**
 * The body of POST /api/events: one start, step shown, submission or lead of a quote flow version. Nothing about the visitor.
 */
export interface FunnelEvent {
  flowId: string;
  version: number;
  event: "start" | "step" | "submit" | "lead";
  stepId?: string;
  /**
   * On a visit's first step event: the ?v= it asked for, which named no version (so it got the default).
   */
  requestedVersion?: string;
}
