/** Opens the lead database: SQLite through better-sqlite3, tuned for durability, migrated to the latest schema. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from "kysely";
import { migrations } from "./migrations";
import type { Database } from "./schema";

export interface OpenDatabaseOptions {
  /** The SQLite file; its folder is created when missing. ":memory:" for a throwaway database. */
  file: string;
}

/** Opens (creating if needed) and migrates the database; the caller destroys it on shutdown. */
export async function openDatabase({ file }: OpenDatabaseOptions): Promise<Kysely<Database>> {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets reads run beside the writer; synchronous=FULL makes each committed lead survive a power cut.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "(before any ran)";
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}
