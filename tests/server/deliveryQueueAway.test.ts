import Fastify from "fastify";
import { Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type DatabaseConnection, type Driver } from "kysely";
import { describe, expect, it } from "vitest";
import { loadBuyers } from "../../server/buyers/loadBuyers";
import { loadConfig } from "../../server/config";
import { startDeliveryWorker } from "../../server/delivery/deliveryWorker";
import type { Database } from "../../server/storage/schema";
import { openTestPostgres, openTestSqlite, testDatabaseUrl, type TestDatabase } from "./support/databases";
import { eventually } from "./support/eventually";
import { logCapture } from "./support/logCapture";

/** A store that has gone: PostgreSQL's pool ended, and on SQLite a driver whose every statement fails as a lost disk's would. */
async function goneStore(dialect: "SQLite" | "PostgreSQL"): Promise<Kysely<Database>> {
  if (dialect === "PostgreSQL") {
    const lost = await openTestPostgres();
    await lost.drop();
    return lost.db;
  }
  const failing: DatabaseConnection = {
    executeQuery: () => Promise.reject(Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR" })),
    streamQuery: () => {
      throw new Error("disk I/O error");
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => failing,
    beginTransaction: async () => undefined,
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  return new Kysely<Database>({
    dialect: { createAdapter: () => new SqliteAdapter(), createDriver: () => driver, createQueryCompiler: () => new SqliteQueryCompiler(), createIntrospector: (db) => new SqliteIntrospector(db) },
  });
}

const stores: Array<["SQLite" | "PostgreSQL", () => Promise<TestDatabase>, boolean]> = [
  ["SQLite", openTestSqlite, false],
  ["PostgreSQL", openTestPostgres, !testDatabaseUrl],
];

/** A database that answers while `away()` is false, and fails every query as a lost store does while it is true. */
function switchedStore(working: Kysely<Database>, gone: Kysely<Database>, away: () => boolean): Kysely<Database> {
  return new Proxy(working, {
    get(_, name) {
      const db = away() ? gone : working;
      const value = Reflect.get(db, name, db) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(db) : value;
    },
  });
}

describe.each(stores)("the delivery worker while the store is away (%s)", (dialect, open, skipped) => {
  it.skipIf(skipped)("logs the failure once with its stack, then a count each minute, and says when it reads the queue again", async () => {
    const store = await open();
    const gone = await goneStore(dialect);
    const config = loadConfig({ DELIVERY_POLL_MS: "10" });
    const log = logCapture();
    // Each reading of the clock is a second later: 2.5 minutes of outage pass in a few hundred polls.
    let clockReads = 0;
    const start = Date.parse("2026-03-04T10:00:00Z");
    const now = () => new Date(start + 1000 * clockReads++);
    let away = true;
    const worker = startDeliveryWorker({
      db: switchedStore(store.db, gone, () => away),
      buyers: await loadBuyers(config.buyersFile),
      settings: config.delivery,
      log: Fastify({ logger: { level: "info", stream: log.stream } }).log,
      secrets: {},
      now,
    });
    const lines = () => log.text().split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    try {
      await eventually(async () => clockReads, (reads) => reads >= 150, 30_000);
      away = false;
      const logged = await eventually(async () => lines(), (all) => all.some((line) => line.msg === "the delivery worker reads the queue again"), 30_000);

      const first = logged.filter((line) => line.msg === "the delivery worker could not read the queue");
      expect(first).toHaveLength(1);
      expect(first[0]).toMatchObject({ level: 50, err: { stack: expect.any(String) } });
      const counts = logged.filter((line) => line.msg === "the delivery worker still cannot read the queue");
      const back = logged.find((line) => line.msg === "the delivery worker reads the queue again")!;
      // A minute between counts: at most one for each minute of the outage, none with a stack.
      expect(counts.length).toBeGreaterThanOrEqual(1);
      expect(counts.length).toBeLessThanOrEqual(Math.ceil(clockReads / 60));
      for (const line of counts) expect(line).toMatchObject({ level: 50, failures: expect.any(Number), since: "2026-03-04T10:00:00.000Z" });
      for (const line of counts) expect(line).not.toHaveProperty("err");
      expect(back).toMatchObject({ level: 30, since: "2026-03-04T10:00:00.000Z" });
      // Each line gives the failures so far: every poll of the outage is counted.
      const failures = [...counts, back].map((line) => line.failures as number);
      expect(failures).toEqual([...failures].sort((a, b) => a - b));
      expect(back.failures).toBeGreaterThanOrEqual(50);
      expect(log.text().length).toBeLessThan(6000);
    } finally {
      await worker.stop();
      await store.drop();
    }
  }, 60_000);
});
