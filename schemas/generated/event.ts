/* Generated from schemas/event.schema.json by `npm run schemas:types`. Do not edit. */

/**
 * The body of POST /api/events: a step of a quote flow version reached by the visit whose cookie comes with it. Nothing about the visitor.
 */
export interface StepEvent {
  flowId: string;
  version: number;
  stepId: string;
}
