/**
 * Analysts' sessions: one row per sign-in, keyed by the random id the signed `_sp_analyst` cookie carries, so signing
 * out ends the session for every instance sharing the store, and a cookie copied before is refused after. Rows go at
 * sign-out, and 8 hours after their sign-in as analysts sign in (server/storage/analystSessionsStore.ts).
 */
import type { Kysely } from "kysely";

/** Creates the sessions table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analyst_sessions")
    .addColumn("session_id", "text", (col) => col.primaryKey())
    .addColumn("analyst", "text", (col) => col.notNull())
    // A fingerprint of the analyst's password hash at sign-in: a password changed since ends the session.
    .addColumn("password_stamp", "text", (col) => col.notNull())
    .addColumn("started_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("analyst_sessions_started_idx").on("analyst_sessions").column("started_at").execute();
  await db.schema.createIndex("analyst_sessions_analyst_idx").on("analyst_sessions").columns(["analyst", "started_at"]).execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analyst_sessions").execute();
}
