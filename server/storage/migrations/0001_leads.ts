/** The leads table. Plain column types only, so the same migration runs on SQLite and PostgreSQL. */
import type { Kysely } from "kysely";

/** Creates the leads table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("leads")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("flow_id", "text", (col) => col.notNull())
    .addColumn("flow_version", "integer", (col) => col.notNull())
    .addColumn("product_type", "text", (col) => col.notNull())
    .addColumn("service_type", "text", (col) => col.notNull())
    .addColumn("test_mode", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("response_code", "text", (col) => col.notNull())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("postcode", "text")
    .addColumn("answers", "text", (col) => col.notNull())
    .addColumn("tracking", "text", (col) => col.notNull())
    .addColumn("consent", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("leads_created_at").on("leads").column("created_at").execute();
}

/** Drops the leads table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("leads").execute();
}
