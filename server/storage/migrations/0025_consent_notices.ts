/**
 * Withdrawal notices: when a consent is withdrawn (an erasure, or the visitor's own withdrawal), each buyer its lead
 * went to is told in a delivery of its own, queued and retried like a lead's. A notice names the lead id, the
 * certificate's `jti` and when it was withdrawn, and nothing personal, so it outlives the lead an erasure deletes
 * (no foreign key to leads). The visitor's own way to withdraw is a link keyed per installation.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";

/** Creates the notices table, its index for the worker's claim, and the key of visitors' withdrawal links. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each lead's withdrawal link is keyed with it (server/consent/withdrawalLinks.ts): shared by every instance.
  await sql`insert into app_settings (name, value) values ('consent_withdrawal_key', ${randomBytes(32).toString("hex")})`.execute(db);
  await db.schema
    .createTable("consent_notices")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("jti", "text", (col) => col.notNull())
    .addColumn("lead_id", "text", (col) => col.notNull())
    .addColumn("buyer_key", "text", (col) => col.notNull())
    .addColumn("withdrawn_at", "text", (col) => col.notNull())
    // pending, sending, delivered, duplicate, rejected or dead, as a lead's delivery.
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("http_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("finished_at", "text")
    .addUniqueConstraint("consent_notices_jti_buyer", ["jti", "buyer_key"])
    .execute();
  await db.schema.createIndex("consent_notices_due").on("consent_notices").columns(["status", "next_attempt_at"]).execute();
}

/** Drops them. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("consent_notices").execute();
  await sql`delete from app_settings where name = 'consent_withdrawal_key'`.execute(db);
}
