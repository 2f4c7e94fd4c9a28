/**
 * Opens the lead database, migrated to the latest schema: SQLite through better-sqlite3 in threads of
 * its own (the embedded default, tuned for durability; see sqlite/openSqlite.ts) or PostgreSQL when a
 * URL is given (several instances). Both run storage units through the same runUnit.
 */
import { Kysely, PostgresDialect, sql, type DatabaseIntrospector } from "kysely";
import pg from "pg";
import { registerConnection } from "./connection";
import { CurrentSchemaIntrospector } from "./currentSchemaIntrospector";
import { migrateToLatest } from "./migrate";
import type { Database } from "./schema";
import { openSqlite } from "./sqlite/openSqlite";

/** Where the database lives: a SQLite file (":memory:" for a throwaway one), or a PostgreSQL URL. */
export type OpenDatabaseOptions =
  | {
      file: string;
      /** Hears each group commit's duration in seconds (the operators' metrics). */
      onCommit?: (seconds: number) => void;
    }
  | {
      url: string;
      /** A PostgreSQL schema to work in, created when missing (tests give each run its own). */
      schema?: string;
      /** Connections kept open at most. */
      poolSize?: number;
    };

/** Opens (creating if needed) and migrates the database; the caller destroys it on shutdown. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Kysely<Database>> {
  if ("file" in options) return openSqlite(options.file, options.onCommit);
  const db = await openPostgres(options);
  try {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    await migrateToLatest(db, rows[0]?.schema);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
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
    // A store in a schema of its own (tests, benches, the fuzz) plans without parallel workers: such a store is
    // small, and a parallel worker restoring a search_path set at connection start has been seen to fail with
    // "schema does not exist" for a schema created and committed just before.
    ...(schema ? { options: `-c search_path=${schema} -c max_parallel_workers_per_gather=0` } : {}),
  });
  // An idle connection dropped by the server is replaced on next use; without a listener it would crash the process.
  pool.on("error", () => undefined);
  // So would one lost while checked out (a database restart or a network cut mid-query): its query fails on its own.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  // PostgreSQL commits concurrent transactions together by itself: each unit is a transaction of its own.
  registerConnection(db, { waiting: () => pool.waitingCount, runUnit: (unit, args) => db.transaction().execute((trx) => unit(trx, args)) });
  return db;
}

/** PostgreSQL whose introspection sees the connection's own schema only (currentSchemaIntrospector.ts). */
class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
