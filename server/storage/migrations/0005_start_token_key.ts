/** The key start tokens are signed with: random per installation, shared by every instance on the database. */
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";

/** Makes the installation's start-token key. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into app_settings (name, value) values ('start_token_key', ${randomBytes(32).toString("hex")})`.execute(db);
}

/** Removes the key. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from app_settings where name = 'start_token_key'`.execute(db);
}
