/**
 * Analysts and their roles, kept in the store so every instance knows the same people: a row per analyst with their
 * password hash (server/analysts/passwords.ts) and role (reader, editor or publisher). `npm run analysts` writes it;
 * an analysts file (ANALYSTS_FILE) found at a start is imported once (server/storage/analystsStore.ts).
 */
import { sql, type Kysely } from "kysely";

/** Creates the analysts table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analysts")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull().check(sql`role in ('reader', 'editor', 'publisher')`))
    .addColumn("added_at", "text", (col) => col.notNull())
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analysts").execute();
}
