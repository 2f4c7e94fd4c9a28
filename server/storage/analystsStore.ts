/**
 * The analysts in the store, shared by every instance: `npm run analysts` adds, removes and sets their roles; the
 * server reads them at each sign-in and each request a session makes. An analysts file (ANALYSTS_FILE) of the days
 * before the store kept them is imported once, at the first start or command that finds it.
 */
import type { Kysely } from "kysely";
import type { Analyst, AnalystRole } from "../analysts/analyst";
import { readAnalystsFile } from "../analysts/analystsFile";
import type { Database } from "./schema";

/** The app_settings row that says when the analysts file was imported. */
const IMPORTED = "analysts_file_imported";

/** Every analyst, by name, in name order. */
export async function listAnalysts(db: Kysely<Database>): Promise<Map<string, Analyst>> {
  const rows = await db.selectFrom("analysts").selectAll().orderBy("name").execute();
  return new Map(rows.map((row) => [row.name, { name: row.name, passwordHash: row.password_hash, role: row.role, added: row.added_at }]));
}

/** Adds an analyst; false when the name is taken (nothing changes then). */
export async function addAnalyst(db: Kysely<Database>, analyst: Analyst): Promise<boolean> {
  const result = await db
    .insertInto("analysts")
    .values({ name: analyst.name, password_hash: analyst.passwordHash, role: analyst.role, added_at: analyst.added })
    .onConflict((oc) => oc.column("name").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes an analyst and ends their sessions; false when there is no such analyst. */
export async function removeAnalyst(db: Kysely<Database>, name: string): Promise<boolean> {
  const result = await db.deleteFrom("analysts").where("name", "=", name).executeTakeFirst();
  await db.deleteFrom("analyst_sessions").where("analyst", "=", name).execute();
  return Number(result.numDeletedRows) > 0;
}

/** Gives an analyst another role, from their next request; false when there is no such analyst. */
export async function setAnalystRole(db: Kysely<Database>, name: string, role: AnalystRole): Promise<boolean> {
  const result = await db.updateTable("analysts").set({ role }).where("name", "=", name).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** When the analysts file was imported, if it was. */
export async function analystsFileImportedAt(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom("app_settings").select("value").where("name", "=", IMPORTED).executeTakeFirst();
  return row?.value;
}

/**
 * Imports the analysts listed in `file` (each with the role it names, a reader otherwise) unless a file was imported
 * before; an analyst already in the store is kept as stored. Resolves with the names added, or undefined when
 * nothing was read (imported before, or no such file). Throws naming the file when it is not one we wrote.
 */
export async function importAnalystsFileOnce(db: Kysely<Database>, file: string, now: Date): Promise<string[] | undefined> {
  if (await analystsFileImportedAt(db)) return undefined;
  const listed = await readAnalystsFile(file);
  if (!listed) return undefined;
  const added: string[] = [];
  for (const analyst of listed.values()) if (await addAnalyst(db, { ...analyst, added: analyst.added || now.toISOString() })) added.push(analyst.name);
  await db
    .insertInto("app_settings")
    .values({ name: IMPORTED, value: now.toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  return added;
}
