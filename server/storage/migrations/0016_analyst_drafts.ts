/**
 * Analysts' drafts and preview links. A draft is a new version of a flow being edited, based on a published
 * version: its document, who began it and who saved it last, and a revision that each save moves on, so a save from
 * a tab that has not seen the last one is refused. A preview link shows a draft to anyone holding it for 7 days; only
 * a hash of its token is kept, so the table cannot be read back into links.
 */
import type { Kysely } from "kysely";

/** Creates the drafts and preview links tables. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analyst_drafts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("base_version", "integer", (col) => col.notNull())
    .addColumn("document", "text", (col) => col.notNull())
    .addColumn("revision", "integer", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("editor", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("analyst_drafts_flow_idx").on("analyst_drafts").columns(["flow_id", "updated_at"]).execute();
  await db.schema
    .createTable("preview_links")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("draft_id", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("preview_links_draft_idx").on("preview_links").column("draft_id").execute();
}

/** Drops the tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("preview_links").execute();
  await db.schema.dropTable("analyst_drafts").execute();
}
