/**
 * Opens the lead database, migrated to the latest schema: SQLite through better-sqlite3 (the
 * embedded default, tuned for durability) or PostgreSQL when a URL is given (several instances).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from "kysely";
import pg from "pg";
import { migrations } from "./migrations";
import type { Database } from "./schema";

/** Where the database lives: a SQLite file (":memory:" for a throwaway one), or a PostgreSQL URL. */
export type OpenDatabaseOptions =
  | { file: string }
  | {
      url: string;
      /** A PostgreSQL schema to work in, created when missing (tests give each run its own). */
      schema?: string;
      /** Connections kept open at most. */
      poolSize?: number;
    };

const postgresDatabases = new WeakSet<Kysely<Database>>();

/** Opens (creating if needed) and migrates the database; the caller destroys it on shutdown. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Kysely<Database>> {
  const db = "file" in options ? openSqlite(options.file) : await openPostgres(options);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** Whether a database opened here is PostgreSQL (row locks with SKIP LOCKED) rather than SQLite. */
export function isPostgres(db: Kysely<Database>): boolean {
  return postgresDatabases.has(db);
}

function openSqlite(file: string): Kysely<Database> {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets reads run beside the writer; synchronous=FULL makes each committed lead survive a power cut.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

async function openPostgres({ url, schema, poolSize = 10 }: { url: string; schema?: string; poolSize?: number }): Promise<Kysely<Database>> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`PostgreSQL schema name "${schema}" must be lower-case letters, digits and _`);
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`create schema if not exists ${schema}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection dropped by the server is replaced on next use; without a listener it would crash the process.
  pool.on("error", () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  postgresDatabases.add(db);
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
