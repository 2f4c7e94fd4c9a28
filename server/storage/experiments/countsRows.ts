/** Adding to the experiment counts rows (experiment_counts, experiment_step_counts): upserts that add, never overwrite. */
import type { Kysely } from "kysely";
import type { Database } from "../schema";

/** One counts row: a flow's period, version, London day, device and source. */
export interface CountsKey {
  flowId: string;
  periodId: string;
  version: number;
  day: string;
  device: string;
  source: string;
}

/** What to add to a counts row (negative numbers take away). */
export interface CountsChange {
  exposures: number;
  leads: number;
  pending: number;
  accepted: number;
  valuePence: number;
  valuePenceSquares: number;
}

/** Adds a change to a counts row, creating it when missing. */
export async function addToCounts(db: Kysely<Database>, key: CountsKey, change: CountsChange): Promise<void> {
  await db
    .insertInto("experiment_counts")
    .values({
      flow_id: key.flowId,
      period_id: key.periodId,
      flow_version: key.version,
      day: key.day,
      device: key.device,
      source: key.source,
      exposures: change.exposures,
      leads: change.leads,
      pending: change.pending,
      accepted: change.accepted,
      value_pence: change.valuePence,
      value_pence_squares: change.valuePenceSquares,
    })
    .onConflict((oc) =>
      oc.columns(["flow_id", "period_id", "flow_version", "day", "device", "source"]).doUpdateSet((eb) => ({
        exposures: eb("experiment_counts.exposures", "+", eb.ref("excluded.exposures")),
        leads: eb("experiment_counts.leads", "+", eb.ref("excluded.leads")),
        pending: eb("experiment_counts.pending", "+", eb.ref("excluded.pending")),
        accepted: eb("experiment_counts.accepted", "+", eb.ref("excluded.accepted")),
        value_pence: eb("experiment_counts.value_pence", "+", eb.ref("excluded.value_pence")),
        value_pence_squares: eb("experiment_counts.value_pence_squares", "+", eb.ref("excluded.value_pence_squares")),
      })),
    )
    .execute();
}

/** Adds visits that reached a step to its count. */
export async function addToStepCount(db: Kysely<Database>, key: { flowId: string; periodId: string; version: number; stepId: string }, visits: number): Promise<void> {
  await db
    .insertInto("experiment_step_counts")
    .values({ flow_id: key.flowId, period_id: key.periodId, flow_version: key.version, step_id: key.stepId, visits })
    .onConflict((oc) =>
      oc.columns(["flow_id", "period_id", "flow_version", "step_id"]).doUpdateSet((eb) => ({ visits: eb("experiment_step_counts.visits", "+", eb.ref("excluded.visits")) })),
    )
    .execute();
}
