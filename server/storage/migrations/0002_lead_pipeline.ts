/**
 * The lead pipeline: consent on record, de-duplication claims, daily cap counters, delivery rows and
 * their attempts, newsletter sign-ups, erasures. Plain column types, so it runs on SQLite and PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";

/** Adds the pipeline's columns and tables. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per statement.
  const leadColumns: Array<[string, "text" | "integer", boolean]> = [
    ["form_is_time_ooh", "integer", true],
    ["consent_wording", "text", false],
    ["privacy_notice_version", "text", false],
    ["consented_buyers", "text", false],
    ["consented_at", "text", false],
    ["duplicate_of", "text", false],
    ["routing_note", "text", false],
  ];
  for (const [name, type, flag] of leadColumns) {
    await db.schema
      .alterTable("leads")
      .addColumn(name, type, (col) => (flag ? col.notNull().defaultTo(0) : col))
      .execute();
  }
  await db.schema.createIndex("leads_email").on("leads").column("email").execute();
  await db.schema.createIndex("leads_phone").on("leads").column("phone").execute();

  // One row per contact (phone or e-mail) and service: the primary key lets only one lead hold it at a time.
  await db.schema
    .createTable("contact_claims")
    .addColumn("service_type", "text", (col) => col.notNull())
    .addColumn("contact", "text", (col) => col.notNull())
    .addColumn("lead_id", "text", (col) => col.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("contact_claims_pk", ["service_type", "contact"])
    .execute();
  await db.schema.createIndex("contact_claims_lead").on("contact_claims").column("lead_id").execute();

  await db.schema
    .createTable("buyer_daily_counts")
    .addColumn("buyer_key", "text", (col) => col.notNull())
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("buyer_daily_counts_pk", ["buyer_key", "day"])
    .execute();

  await db.schema
    .createTable("deliveries")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("lead_id", "text", (col) => col.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("buyer_key", "text", (col) => col.notNull())
    .addColumn("buyer_id", "text", (col) => col.notNull())
    .addColumn("buyer_name", "text", (col) => col.notNull())
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("result_code", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("deliveries_due").on("deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("deliveries_lead").on("deliveries").column("lead_id").execute();

  await db.schema
    .createTable("delivery_attempts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("delivery_id", "text", (col) => col.notNull().references("deliveries.id").onDelete("cascade"))
    .addColumn("attempt", "integer", (col) => col.notNull())
    .addColumn("started_at", "text", (col) => col.notNull())
    .addColumn("duration_ms", "integer", (col) => col.notNull())
    .addColumn("http_status", "integer")
    .addColumn("outcome", "text", (col) => col.notNull())
    .addColumn("error", "text")
    .addColumn("worker", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("delivery_attempts_delivery").on("delivery_attempts").column("delivery_id").execute();

  await db.schema
    .createTable("newsletter_subscribers")
    .addColumn("email", "text", (col) => col.primaryKey())
    .addColumn("consent_text", "text", (col) => col.notNull())
    .addColumn("subscribed_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("erasures")
    .addColumn("contact_hash", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("erased_at", "text", (col) => col.notNull())
    .addColumn("leads_erased", "integer", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("app_settings")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .execute();
  // The key erasure hashes are made with: random per installation, so a hash cannot be looked up in
  // a table of every phone number without the database it lives in.
  await sql`insert into app_settings (name, value) values ('erasure_hash_key', ${randomBytes(32).toString("hex")})`.execute(db);
}

/** Removes the pipeline's tables and columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["app_settings", "erasures", "newsletter_subscribers", "delivery_attempts", "deliveries", "buyer_daily_counts", "contact_claims"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex("leads_phone").execute();
  await db.schema.dropIndex("leads_email").execute();
  for (const name of ["routing_note", "duplicate_of", "consented_at", "consented_buyers", "privacy_notice_version", "consent_wording", "form_is_time_ooh"]) {
    await db.schema.alterTable("leads").dropColumn(name).execute();
  }
}
