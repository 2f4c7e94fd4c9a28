/**
 * Visits left out of the experiments: a count per flow and London day of the quote pages served to new visits from
 * a client address past its limit of new visits (served, but not counted). One row per flow and day, never one per
 * visit, so the count itself stays small however many are left out.
 */
import type { Kysely } from "kysely";

/** Creates the table of left-out visit counts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("experiment_left_out_visits")
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("experiment_left_out_visits_pk", ["flow_id", "day"])
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("experiment_left_out_visits").execute();
}
