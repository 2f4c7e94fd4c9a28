import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../server/storage/migrations";
import { makeTempDir, removeTempDir } from "./testServer";

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir("switchplan-migration-");
});
afterAll(async () => {
  await removeTempDir(dir);
});

describe("migration 0010 on a store with visits already counted", () => {
  it("gives the earlier exposures their London day and counts them, with their leads and steps", async () => {
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(path.join(dir, "before.sqlite")) }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0009_left_out_visits")).error).toBeUndefined();
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (summer time).
    await sql`insert into experiment_exposures (flow_id, period_id, visit_id, flow_version, exposed_at) values
      ('f', 'p', 'a', 1, '2026-07-01T23:30:00.000Z'), ('f', 'p', 'b', 1, '2026-07-01T12:00:00.000Z'), ('f', 'p', 'c', 2, '2026-07-01T12:00:00.000Z')`.execute(db);
    await sql`insert into experiment_step_reach (flow_id, period_id, visit_id, step_id) values ('f', 'p', 'a', 's1'), ('f', 'p', 'b', 's1')`.execute(db);
    await sql`insert into leads (id, created_at, flow_id, flow_version, product_type, service_type, test_mode, response_code, answers, tracking, consent, visit_id)
      values ('l1', '2026-07-01T23:40:00.000Z', 'f', 1, 'x', 'y', 0, '1', '{}', '{}', '{}', 'a')`.execute(db);
    await sql`insert into deliveries (id, lead_id, buyer_key, buyer_id, buyer_name, idempotency_key, status, attempts, next_attempt_at, created_at, updated_at)
      values ('d1', 'l1', 'k', '1', 'K', 'i1', 'delivered', 1, '2026-07-01T23:40:00.000Z', '2026-07-01T23:40:00.000Z', '2026-07-01T23:41:00.000Z')`.execute(db);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const { rows: days } = await sql<{ visit_id: string; day: string; device: string }>`select visit_id, day, device from experiment_exposures order by visit_id`.execute(db);
    expect(days).toEqual([
      { visit_id: "a", day: "2026-07-02", device: "unknown" },
      { visit_id: "b", day: "2026-07-01", device: "unknown" },
      { visit_id: "c", day: "2026-07-01", device: "unknown" },
    ]);
    const { rows: counts } = await sql`select flow_version, day, exposures, leads, pending, accepted, value_pence from experiment_counts order by flow_version, day`.execute(db);
    // Delivered before prices were kept: accepted, worth 0.
    expect(counts).toEqual([
      { flow_version: 1, day: "2026-07-01", exposures: 1, leads: 0, pending: 0, accepted: 0, value_pence: 0 },
      { flow_version: 1, day: "2026-07-02", exposures: 1, leads: 1, pending: 0, accepted: 1, value_pence: 0 },
      { flow_version: 2, day: "2026-07-01", exposures: 1, leads: 0, pending: 0, accepted: 0, value_pence: 0 },
    ]);
    const { rows: steps } = await sql`select flow_version, step_id, visits from experiment_step_counts`.execute(db);
    expect(steps).toEqual([{ flow_version: 1, step_id: "s1", visits: 2 }]);
    await db.destroy();
  });
});
