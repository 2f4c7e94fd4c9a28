/**
 * Quote sessions: the answers of a quote filled in without the page's script, kept by the server between its
 * plain-form steps, one row per browser session and flow. A row holds personal data once the contact step is
 * answered, so rows are deleted a day after their last change (server/storage/quoteSessionsStore.ts).
 */
import type { Kysely } from "kysely";

/** Creates the quote sessions table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("quote_sessions")
    .addColumn("session_id", "text", (col) => col.notNull())
    .addColumn("flow_id", "text", (col) => col.notNull())
    // JSON of the flow's state: version, where the visitor is, the answers, errors to show, the lead's answer.
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("revision", "integer", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("quote_sessions_pk", ["session_id", "flow_id"])
    .execute();
  await db.schema.createIndex("quote_sessions_updated_idx").on("quote_sessions").column("updated_at").execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("quote_sessions").execute();
}
