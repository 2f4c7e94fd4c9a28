/**
 * Unknown versions asked for: how many visits a day asked a flow for a `?v=` that names no version (a mistyped
 * campaign link, a version since removed), so analysts can see them on /analysts/flows/. Counts only.
 */
import type { Kysely } from "kysely";

/** Creates the table of unknown `?v=` counts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("funnel_unknown_versions")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("requested", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("funnel_unknown_versions_pk", ["flow_id", "day", "requested"])
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("funnel_unknown_versions").execute();
}
