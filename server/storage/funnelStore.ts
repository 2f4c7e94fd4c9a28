/** Daily funnel counts: one row per London day, flow version, step and event type, counted up in one statement. */
import { sql, type Kysely } from "kysely";
import type { Database, FunnelEventType } from "./schema";

/** One event to count. */
export interface CountedEvent {
  /** YYYY-MM-DD in Europe/London. */
  day: string;
  flowId: string;
  version: number;
  event: FunnelEventType;
  /** The step shown, for a "step" event. */
  stepId?: string;
}

/** A flow's total for one version, step and event type over the days asked for. */
export interface FunnelCount {
  version: number;
  /** "" for events without a step. */
  stepId: string;
  event: FunnelEventType;
  count: number;
}

/** Adds one to the day's count for the event, creating the row on the day's first. */
export async function countEvent(db: Kysely<Database>, { day, flowId, version, event, stepId = "" }: CountedEvent): Promise<void> {
  // One upsert, so concurrent beacons never lose a count (the row lock orders them).
  await db
    .insertInto("funnel_daily_counts")
    .values({ day, flow_id: flowId, flow_version: version, step_id: stepId, event, count: 1 })
    .onConflict((oc) =>
      oc.columns(["flow_id", "day", "flow_version", "step_id", "event"]).doUpdateSet((eb) => ({ count: eb("funnel_daily_counts.count", "+", 1) })),
    )
    .execute();
}

/** A flow's counts summed over its days from `sinceDay` (YYYY-MM-DD, inclusive; every day when not given). */
export async function funnelCounts(db: Kysely<Database>, flowId: string, sinceDay?: string): Promise<FunnelCount[]> {
  let query = db
    .selectFrom("funnel_daily_counts")
    .select(["flow_version", "step_id", "event", sql<number | string>`sum(count)`.as("total")])
    .where("flow_id", "=", flowId);
  if (sinceDay) query = query.where("day", ">=", sinceDay);
  const rows = await query.groupBy(["flow_version", "step_id", "event"]).orderBy("flow_version").orderBy("event").orderBy("step_id").execute();
  // PostgreSQL sums integers as bigint, which pg hands back as a string.
  return rows.map((row) => ({ version: row.flow_version, stepId: row.step_id, event: row.event, count: Number(row.total) }));
}

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
