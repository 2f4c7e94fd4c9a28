/** Visits left out of the experiments: a count per flow and London day, never a row per visit. */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/** Adds one to the day's count of a flow's page served to a new visit that was not counted. */
export async function countLeftOutVisit(db: Kysely<Database>, { day, flowId }: { day: string; flowId: string }): Promise<void> {
  await db
    .insertInto("experiment_left_out_visits")
    .values({ flow_id: flowId, day, count: 1 })
    .onConflict((oc) => oc.columns(["flow_id", "day"]).doUpdateSet((eb) => ({ count: eb("experiment_left_out_visits.count", "+", 1) })))
    .execute();
}

/** A flow's visits left out from a London day (the day its period began) on. */
export async function leftOutVisitsSince(db: Kysely<Database>, flowId: string, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom("experiment_left_out_visits")
    .select(sql<number | string | null>`sum(count)`.as("total"))
    .where("flow_id", "=", flowId)
    .where("day", ">=", fromDay)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
