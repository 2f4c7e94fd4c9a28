/**
 * One lead per submission: the key a submission carries (the page's script sends one per quote and reuses it on
 * retries; a quote without scripts keeps one in its session) is stored with the lead, unique, so a second take of the
 * same submission, however concurrent, finds the first lead instead of storing another.
 */
import type { Kysely } from "kysely";

/** Adds the key and its unique index (leads without a key, as before, never clash). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("leads").addColumn("submission_key", "text").execute();
  await db.schema.createIndex("leads_submission_key").unique().on("leads").column("submission_key").execute();
}

/** Drops them. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("leads_submission_key").execute();
  await db.schema.alterTable("leads").dropColumn("submission_key").execute();
}
