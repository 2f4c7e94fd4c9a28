/**
 * Migration 0012 on a store with keyed leads already in it, on SQLite and PostgreSQL: each keyed lead gets the digest
 * of what it stored, the one its submission sent again computes, so the key keeps answering the same answers.
 */
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { replayFlow } from "../../engine/core/replayFlow";
import type { Answers, FlowDocument } from "../../engine/core/types";
import { createSchemaCheck } from "../../engine/node/validation";
import { submissionDigest } from "../../server/leads/submissionDigest";
import { migrations } from "../../server/storage/migrations";
import v1 from "../../forms/business-energy/v1.json";
import { testDatabaseUrl } from "./support/databases";
import { serverDialects } from "./support/serverOnDialect";
import { businessEnergyV1, makeTempDir, removeTempDir } from "./testServer";

/** A store migrated by hand, and how to get rid of it. */
interface BareStore {
  db: Kysely<unknown>;
  migrator: Migrator;
  drop(): Promise<void>;
}

async function bareStore(dialect: "SQLite" | "PostgreSQL"): Promise<BareStore> {
  const provider = { getMigrations: async () => migrations };
  if (dialect === "SQLite") {
    const dir = await makeTempDir("switchplan-digest-");
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(path.join(dir, "before.sqlite")) }) });
    const drop = async () => {
      await db.destroy();
      await removeTempDir(dir);
    };
    return { db, migrator: new Migrator({ db, provider }), drop };
  }
  const schema = `digest_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: testDatabaseUrl, options: `-c search_path=${schema}` }) }) });
  return {
    db,
    migrator: new Migrator({ db, provider, migrationTableSchema: schema }),
    drop: async () => {
      await db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

let store: BareStore | undefined;
afterEach(async () => {
  await store?.drop();
  store = undefined;
});

describe.each(serverDialects)("migration 0012 on %s", (dialect, skipped) => {
  it.skipIf(skipped)("gives each keyed lead already stored the digest its submission sent again computes, and a lead without a key none", async () => {
    store = await bareStore(dialect);
    const { db, migrator } = store;
    expect((await migrator.migrateTo("0011_delivery_queue_by_buyer")).error).toBeUndefined();
    const given = JSON.parse(JSON.stringify(businessEnergyV1().answers)) as Answers;
    const replayed = replayFlow(v1 as FlowDocument, given, createSchemaCheck()).answers;
    const lead = (id: string, key: string | null) =>
      sql`insert into leads (id, created_at, flow_id, flow_version, product_type, service_type, test_mode, response_code, answers, tracking, consent, submission_key)
        values (${id}, '2026-07-01T12:00:00.000Z', 'business-energy', 1, 'businessEnergy', 'business-energy', 0, '1', ${JSON.stringify(replayed)}, '{}', '{}', ${key})`.execute(db);
    await lead("keyed", "k5cT0d9y1kR3w8Pq2mZ4aA");
    await lead("unkeyed", null);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const { rows } = await sql<{ id: string; submission_digest: string | null }>`select id, submission_digest from leads order by id`.execute(db);
    // The same submission sent again, its answers in another order.
    const sentAgain = replayFlow(v1 as FlowDocument, Object.fromEntries(Object.entries(given).reverse()) as Answers, createSchemaCheck()).answers;
    expect(rows).toEqual([
      { id: "keyed", submission_digest: submissionDigest("business-energy", 1, sentAgain) },
      { id: "unkeyed", submission_digest: null },
    ]);
  });
});
