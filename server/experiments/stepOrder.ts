/**
 * Step reach that cannot run ahead: a browser's beacon counts a step for a visit only when the visit could have got
 * there. Only in a flow the visit was served in this period (its exposure, made as the flow's page was served, or as
 * the app asked for its version when the visitor moved into it from another quote page); there, the flow's first step
 * always; a step where the flow ends (the success step) only once the visit's lead is stored; any other step only
 * when the visit has already reached a step whose transitions lead to it (engine/core's flow graph), so by induction
 * every counted step lies at the end of a path from the start the visit walked. A forged beacon moves nothing, and
 * along a path no step is reached by more visits than the one before it. Steps the server itself saw answered (the
 * quote without scripts) are counted by the server directly.
 */
import type { Kysely } from "kysely";
import { flowGraph } from "../../engine/core/flowGraph";
import { kindOf } from "../../engine/core/kinds/registry";
import type { FieldError, FlowDocument } from "../../engine/core/types";
import type { Database } from "../storage/schema";
import { reachedAnyOf, visitHasLead, visitWasServed } from "../storage/visitProgressStore";

/** One beacon: a step of a version of a flow, for a visit in a period. */
export interface StepBeacon {
  flow: FlowDocument;
  periodId: string;
  visitId: string;
  stepId: string;
}

/** The steps whose transitions lead to a step. */
export function stepsBefore(flow: FlowDocument, stepId: string): string[] {
  return [...new Set(flowGraph(flow).edges.filter((e) => e.to === stepId).map((e) => e.from))];
}

/** Why the visit cannot have reached the step yet, as the field error the route answers with; undefined when it can count. */
export async function stepOrderProblem(db: Kysely<Database>, { flow, periodId, visitId, stepId }: StepBeacon): Promise<FieldError | undefined> {
  if (!(await visitWasServed(db, { flowId: flow.id, periodId, visitId }))) return { field: "flowId", message: `Steps of "${flow.id}" are counted only for a visit its quote page was served to` };
  if (stepId === flow.start) return undefined;
  const step = flow.steps.find((s) => s.id === stepId);
  if (step && kindOf(step).ends) {
    return (await visitHasLead(db, { flowId: flow.id, version: flow.version, visitId })) ? undefined : { field: "stepId", message: "The success step is counted only after this visit's lead is stored" };
  }
  const before = stepsBefore(flow, stepId);
  return (await reachedAnyOf(db, { flowId: flow.id, periodId, visitId }, before)) ? undefined : { field: "stepId", message: `Step "${stepId}" is counted only after a step that leads to it` };
}
