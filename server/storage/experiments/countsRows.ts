/**
 * Adding to the experiment counts rows (experiment_counts by London day, experiment_hour_counts by UTC hour,
 * experiment_step_counts): on SQLite upserts that add, never overwrite, in the writer's unit; on PostgreSQL a change
 * row, which no other transaction updates, folded into the counts later (countsFolding.ts).
 */
import type { Kysely } from "kysely";
import { isPostgres } from "../connection";
import type { Database } from "../schema";

/** One counts row: a flow's period, version, London day (and UTC hour), device and source. */
export interface CountsKey {
  flowId: string;
  periodId: string;
  version: number;
  day: string;
  /** YYYY-MM-DDTHH, UTC, of the exposure (exposureHour). */
  hour: string;
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
  duplicates: number;
  rejected: number;
  unrouted: number;
}

/** The change of one more exposure. */
export const ONE_EXPOSURE: CountsChange = { exposures: 1, leads: 0, pending: 0, accepted: 0, valuePence: 0, valuePenceSquares: 0, duplicates: 0, rejected: 0, unrouted: 0 };

/** The hour counts row an exposure at `at` (ISO 8601 UTC) falls in. */
export function exposureHour(at: string): string {
  return at.slice(0, 13);
}

/** The summed columns of a counts row, in the tables' order. */
export const SUMMED = ["exposures", "leads", "pending", "accepted", "value_pence", "value_pence_squares", "duplicates", "rejected", "unrouted"] as const;

/** Adds a change to a counts row and to its hour's row, creating them when missing. */
export async function addToCounts(db: Kysely<Database>, key: CountsKey, change: CountsChange): Promise<void> {
  const sums = {
    exposures: change.exposures,
    leads: change.leads,
    pending: change.pending,
    accepted: change.accepted,
    value_pence: change.valuePence,
    value_pence_squares: change.valuePenceSquares,
    duplicates: change.duplicates,
    rejected: change.rejected,
    unrouted: change.unrouted,
  };
  const where = { flow_id: key.flowId, period_id: key.periodId, flow_version: key.version, device: key.device, source: key.source };
  if (isPostgres(db)) {
    await db.insertInto("experiment_count_changes").values({ ...where, day: key.day, hour: key.hour, ...sums }).execute();
    return;
  }
  await db
    .insertInto("experiment_counts")
    .values({ ...where, day: key.day, ...sums })
    .onConflict((oc) =>
      oc.columns(["flow_id", "period_id", "flow_version", "day", "device", "source"]).doUpdateSet((eb) => Object.fromEntries(SUMMED.map((c) => [c, eb(`experiment_counts.${c}`, "+", eb.ref(`excluded.${c}`))]))),
    )
    .execute();
  await db
    .insertInto("experiment_hour_counts")
    .values({ ...where, hour: key.hour, ...sums })
    .onConflict((oc) =>
      oc.columns(["flow_id", "period_id", "hour", "flow_version", "device", "source"]).doUpdateSet((eb) => Object.fromEntries(SUMMED.map((c) => [c, eb(`experiment_hour_counts.${c}`, "+", eb.ref(`excluded.${c}`))]))),
    )
    .execute();
}

/** Adds visits that reached a step to its count. */
export async function addToStepCount(db: Kysely<Database>, key: { flowId: string; periodId: string; version: number; stepId: string }, visits: number): Promise<void> {
  const row = { flow_id: key.flowId, period_id: key.periodId, flow_version: key.version, step_id: key.stepId, visits };
  if (isPostgres(db)) {
    await db.insertInto("experiment_step_count_changes").values(row).execute();
    return;
  }
  await db
    .insertInto("experiment_step_counts")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["flow_id", "period_id", "flow_version", "step_id"]).doUpdateSet((eb) => ({ visits: eb("experiment_step_counts.visits", "+", eb.ref("excluded.visits")) })),
    )
    .execute();
}
