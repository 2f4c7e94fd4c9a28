/** Reading a flow's experiment periods back. */
import type { Kysely } from "kysely";
import type { ExperimentPeriod } from "../../experiments/experimentCounts";
import type { Database } from "../schema";

/** A flow's periods, newest first. */
export async function listPeriods(db: Kysely<Database>, flowId: string): Promise<ExperimentPeriod[]> {
  const rows = await db.selectFrom("experiment_periods").selectAll().where("flow_id", "=", flowId).orderBy("started_at", "desc").orderBy("period_id").execute();
  return rows.map((row) => ({
    id: row.period_id,
    startedAt: row.started_at,
    weights: JSON.parse(row.weights) as Record<string, number>,
    control: row.control,
    ...(row.planned_per_version ? { plannedPerVersion: row.planned_per_version } : {}),
  }));
}
