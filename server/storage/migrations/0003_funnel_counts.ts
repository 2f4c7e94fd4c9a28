/**
 * Funnel counts: how many starts, steps shown, submissions and leads each flow version had on each London
 * day. Counts only, so nothing in the table says who a visitor was. Plain column types for SQLite and PostgreSQL.
 */
import type { Kysely } from "kysely";

/** Creates the daily funnel counts table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // step_id is "" for events without a step: a NULL in the key would never conflict, so the upsert would add rows.
  await db.schema
    .createTable("funnel_daily_counts")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("flow_version", "integer", (col) => col.notNull())
    .addColumn("step_id", "text", (col) => col.notNull())
    .addColumn("event", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("funnel_daily_counts_pk", ["flow_id", "day", "flow_version", "step_id", "event"])
    .execute();
}

/** Drops the daily funnel counts table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("funnel_daily_counts").execute();
}
