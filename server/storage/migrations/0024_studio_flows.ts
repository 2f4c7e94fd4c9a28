/**
 * Flows made in the live studio from a copy of another (server/storage/studioFlowsStore.ts): which flow and version
 * each was copied from, who made it and when, and whether a publisher has listed it. A flow of forms/ is listed from
 * the start; a flow made in the studio is kept out of search engines (`noindex`) and the sitemap until it is listed.
 */
import type { Kysely } from "kysely";

/** Creates the table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("studio_flows")
    .addColumn("flow_id", "text", (col) => col.primaryKey())
    .addColumn("copied_from", "text", (col) => col.notNull())
    .addColumn("copied_version", "integer", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    // Set when a publisher lists the flow; null while it is kept out of search engines.
    .addColumn("listed_by", "text")
    .addColumn("listed_at", "text")
    .execute();
}

/** Drops it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("studio_flows").execute();
}
