/**
 * Who has a draft open: one row per open page (a browser tab) of a draft, with the analyst's name and when the page
 * last said it is still open. Rows older than the presence's expiry are gone at the next heartbeat of any draft, read
 * by the index on when they were last seen, so the table holds the pages open now and a few more.
 */
import type { Kysely } from "kysely";

/** Creates the table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("draft_presence")
    .addColumn("draft_id", "text", (col) => col.notNull())
    // A random id the page makes when it opens: two tabs of one analyst are two rows.
    .addColumn("page_id", "text", (col) => col.notNull())
    .addColumn("analyst", "text", (col) => col.notNull())
    .addColumn("opened_at", "text", (col) => col.notNull())
    .addColumn("seen_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("draft_presence_pk", ["draft_id", "page_id"])
    .execute();
  await db.schema.createIndex("draft_presence_seen_idx").on("draft_presence").column("seen_at").execute();
}

/** Drops it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("draft_presence").execute();
}
