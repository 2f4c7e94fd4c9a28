/**
 * The databases the storage contract runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set
 * (each run in its own schema, dropped afterwards, so runs never meet).
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { openDatabase } from "../../../server/storage/database";
import type { Database } from "../../../server/storage/schema";
import { makeTempDir, removeTempDir } from "../testServer";

/** PostgreSQL for tests, e.g. postgres://postgres@127.0.0.1:5432/test; unset skips the PostgreSQL runs. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** A database for one test file, and how to get rid of it. */
export interface TestDatabase {
  db: Kysely<Database>;
  /** For PostgreSQL, a DATABASE_URL that lands in this run's schema (for server processes). */
  url?: string;
  /** Empties every table but the migrations' own. */
  clear(): Promise<void>;
  drop(): Promise<void>;
}

const TABLES = ["delivery_attempts", "deliveries", "contact_claims", "buyer_daily_counts", "erasures", "newsletter_subscribers", "leads"] as const;

async function clearTables(db: Kysely<Database>): Promise<void> {
  for (const table of TABLES) await db.deleteFrom(table).execute();
}

/** A fresh SQLite file in a temp folder. */
export async function openTestSqlite(): Promise<TestDatabase> {
  const dir = await makeTempDir("switchplan-sqlite-");
  const db = await openDatabase({ file: path.join(dir, "leads.sqlite") });
  return {
    db,
    clear: () => clearTables(db),
    drop: async () => {
      await db.destroy();
      await removeTempDir(dir);
    },
  };
}

/** A fresh schema in TEST_DATABASE_URL's database, migrated. */
export async function openTestPostgres(): Promise<TestDatabase> {
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const db = await openDatabase({ url: testDatabaseUrl, schema });
  const url = new URL(testDatabaseUrl);
  url.searchParams.set("options", `-c search_path=${schema} -c max_parallel_workers_per_gather=0`);
  return {
    db,
    url: url.toString(),
    clear: () => clearTables(db),
    drop: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      try {
        await client.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The dialects the contract runs on here: [name, opener, reason it is skipped or undefined]. */
export const dialects: Array<[name: string, open: () => Promise<TestDatabase>, skipped: boolean]> = [
  ["SQLite", openTestSqlite, false],
  ["PostgreSQL", openTestPostgres, !testDatabaseUrl],
];

/**
 * The database of a describe block on one dialect: opened before its tests (unless the dialect is skipped),
 * `beforeEachTest` run before each of them, dropped after them all. Read it through the returned object.
 */
export function databaseForTests(open: () => Promise<TestDatabase>, skipped: boolean, beforeEachTest: (store: TestDatabase) => Promise<unknown>): TestDatabase {
  let store: TestDatabase | undefined;
  beforeAll(async () => {
    if (!skipped) store = await open();
  });
  afterAll(async () => {
    await store?.drop();
  });
  beforeEach(async () => {
    if (store) await beforeEachTest(store);
  });
  const current = () => {
    if (!store) throw new Error("The test database is open only while its tests run");
    return store;
  };
  return {
    get db() {
      return current().db;
    },
    get url() {
      return current().url;
    },
    clear: () => current().clear(),
    drop: () => current().drop(),
  };
}
