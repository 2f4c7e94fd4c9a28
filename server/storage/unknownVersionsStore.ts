/** Unknown versions asked for: how many visits a day asked a flow for a `?v=` that names no version. */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/** One flow's unknown `?v=` and how many visits asked for it. */
export interface UnknownVersionCount {
  flowId: string;
  requested: string;
  count: number;
  /** The last London day it was asked for. */
  lastDay: string;
}

/** Adds one to the day's count of visits asking a flow for a version it does not have. */
export async function countUnknownVersion(db: Kysely<Database>, { day, flowId, requested }: { day: string; flowId: string; requested: string }): Promise<void> {
  await db
    .insertInto("funnel_unknown_versions")
    .values({ day, flow_id: flowId, requested, count: 1 })
    .onConflict((oc) => oc.columns(["flow_id", "day", "requested"]).doUpdateSet((eb) => ({ count: eb("funnel_unknown_versions.count", "+", 1) })))
    .execute();
}

/** Every flow's unknown versions asked for, summed over all days, most asked first. */
export async function unknownVersionCounts(db: Kysely<Database>): Promise<UnknownVersionCount[]> {
  const rows = await db
    .selectFrom("funnel_unknown_versions")
    .select(["flow_id", "requested", sql<number | string>`sum(count)`.as("total"), sql<string>`max(day)`.as("last_day")])
    .groupBy(["flow_id", "requested"])
    .orderBy("flow_id")
    .execute();
  return rows
    .map((row) => ({ flowId: row.flow_id, requested: row.requested, count: Number(row.total), lastDay: row.last_day }))
    .sort((a, b) => a.flowId.localeCompare(b.flowId) || b.count - a.count || a.requested.localeCompare(b.requested));
}
