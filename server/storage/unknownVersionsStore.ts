/** Unknown versions asked for: how many visits a day asked a flow for a `?v=` that names no version. */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/** The highest unknown `?v=` recorded as itself: a short list an analyst can read, whatever a visitor types. */
export const MAX_RECORDED_VERSION = 99;

/** What every other unknown `?v=` (not a version number, or past MAX_RECORDED_VERSION) is recorded as. */
export const OTHER_VERSION = "other";

/** What an unknown `?v=` is recorded as: a well-formed version number within the bound, else OTHER_VERSION. */
export function recordedVersion(asked: string): string {
  return /^[1-9][0-9]*$/.test(asked) && Number(asked) <= MAX_RECORDED_VERSION ? asked : OTHER_VERSION;
}

/** One flow's unknown `?v=` and how many visits asked for it. */
export interface UnknownVersionCount {
  flowId: string;
  requested: string;
  count: number;
  /** The last London day it was asked for. */
  lastDay: string;
}

/**
 * Adds one to the day's count of visits asking a flow for a version it does not have, recorded as `recordedVersion`
 * says, so a flow gains at most MAX_RECORDED_VERSION + 1 rows a day.
 */
export async function countUnknownVersion(db: Kysely<Database>, { day, flowId, requested }: { day: string; flowId: string; requested: string }): Promise<void> {
  await db
    .insertInto("funnel_unknown_versions")
    .values({ day, flow_id: flowId, requested: recordedVersion(requested), count: 1 })
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
