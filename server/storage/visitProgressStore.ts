/** What a visit has done so far in a flow: whether it was served the flow in a period, the steps it reached, and whether it sent a lead. */
import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** Whether the visit was served the flow in the period (its exposure is kept). */
export async function visitWasServed(db: Kysely<Database>, { flowId, periodId, visitId }: { flowId: string; periodId: string; visitId: string }): Promise<boolean> {
  const row = await db.selectFrom("experiment_exposures").select("visit_id").where("flow_id", "=", flowId).where("period_id", "=", periodId).where("visit_id", "=", visitId).executeTakeFirst();
  return row !== undefined;
}

/** Whether the visit reached any of these steps of the flow in the period. */
export async function reachedAnyOf(db: Kysely<Database>, { flowId, periodId, visitId }: { flowId: string; periodId: string; visitId: string }, stepIds: string[]): Promise<boolean> {
  if (stepIds.length === 0) return false;
  const row = await db
    .selectFrom("experiment_step_reach")
    .select("step_id")
    .where("flow_id", "=", flowId)
    .where("period_id", "=", periodId)
    .where("visit_id", "=", visitId)
    .where("step_id", "in", stepIds)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a lead of this version of the flow is stored from the visit. */
export async function visitHasLead(db: Kysely<Database>, { flowId, version, visitId }: { flowId: string; version: number; visitId: string }): Promise<boolean> {
  const row = await db.selectFrom("leads").select("id").where("flow_id", "=", flowId).where("flow_version", "=", version).where("visit_id", "=", visitId).limit(1).executeTakeFirst();
  return row !== undefined;
}
