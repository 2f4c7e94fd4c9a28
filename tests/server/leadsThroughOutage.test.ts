/**
 * A store outage as visitors and the operator see it, on SQLite and PostgreSQL: leads posted while the store is away
 * are answered as received (held in the instance's spool) and are all in the store, once each and with their
 * deliveries, after it returns; an instance killed with leads still held takes them in at its next start.
 */
import path from "node:path";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELD_LEAD_MESSAGE } from "../../engine/core/messages";
import { postgresOutage, sqliteOutage, type StoreOutage } from "../../scripts/support/storeOutage";
import { openDatabase } from "../../server/storage/database";
import type { Database } from "../../server/storage/schema";
import { openTestPostgres, type TestDatabase } from "./support/databases";
import { eventually } from "./support/eventually";
import { fixtureLead, fixtureServerEnv } from "./support/pipelineFixtures";
import { startReceiver, type Receiver } from "./support/receiver";
import { serverDialects } from "./support/serverOnDialect";
import { startServerProcess, type ServerProcess } from "./support/serverProcess";
import { makeTempDir, removeTempDir } from "./testServer";

type Answer = { code: string; leadId?: string; message?: string; buyers?: unknown[] };

/** Posts leads `from`..`from + count - 1` (a person and a submission key each), `senders` at a time. */
async function postLeads(url: string, from: number, count: number, senders = 16): Promise<Array<{ status: number; answer: Answer }>> {
  const answers: Array<{ status: number; answer: Answer }> = [];
  let next = from;
  const send = async () => {
    while (next < from + count) {
      const n = next++;
      const body = fixtureLead("business-energy", { phone: `020 7946 ${String(1000 + n)}`, email: `outage${n}@example.com` }, { submissionKey: `outage-key-${String(n).padStart(8, "0")}`, answeredMsBefore: { contact: 0 } });
      const response = await fetch(`${url}/api/leads`, { method: "POST", headers: { "content-type": "application/json", origin: url }, body: JSON.stringify(body) });
      answers.push({ status: response.status, answer: (await response.json()) as Answer });
    }
  };
  await Promise.all(Array.from({ length: senders }, send));
  return answers;
}

describe.each(serverDialects)("leads through a store outage on %s", (dialect, skipped) => {
  let dir: string;
  let receiver: Receiver;
  let env: Record<string, string>;
  let store: TestDatabase | undefined;
  let outage: StoreOutage;
  let db: Kysely<Database>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    if (skipped) return;
    dir = await makeTempDir("switchplan-outage-");
    receiver = await startReceiver();
    const dataDir = path.join(dir, "data");
    env = { ...(await fixtureServerEnv(dir, receiver.url)), DATA_DIR: dataDir, DELIVERY_POLL_MS: "100" };
    if (dialect === "PostgreSQL") {
      store = await openTestPostgres();
      outage = await postgresOutage(store.url!);
      env = { ...env, ...outage.env };
      db = store.db;
    } else {
      outage = sqliteOutage(path.join(dataDir, "leads.sqlite"));
      db = await openDatabase({ file: path.join(dataDir, "leads.sqlite") });
    }
  }, 60_000);
  afterAll(async () => {
    if (skipped) return;
    for (const server of servers) await server.stop("SIGKILL");
    await outage.close();
    if (store) await store.drop();
    else await db.destroy();
    await receiver.close();
    await removeTempDir(dir);
  });

  const stored = (ids: string[]) => db.selectFrom("leads").select(["id", "submission_key"]).where("id", "in", ids).execute();
  const deliveredTo = async (ids: string[]) => new Set((await db.selectFrom("deliveries").select("lead_id").where("lead_id", "in", ids).execute()).map((d) => d.lead_id));

  it.skipIf(skipped)("answers 200 leads posted through the outage as received and stores each once, with its deliveries, when the store returns", async () => {
    const server = await startServerProcess(env, 60_000);
    servers.push(server);
    const before = await postLeads(server.url, 0, 5);
    expect(before.every((a) => a.status === 200 && a.answer.code === "5")).toBe(true);

    await outage.begin();
    const during = await postLeads(server.url, 5, 200);
    expect(during.map((a) => a.status)).toEqual(Array(200).fill(200));
    expect(during.every((a) => a.answer.code === "1" && a.answer.message === HELD_LEAD_MESSAGE && a.answer.buyers?.length === 0)).toBe(true);
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { status: string; spool?: { waiting: number } };
    expect(health.status).toBe("degraded");
    expect(health.spool?.waiting).toBeGreaterThan(0);

    await outage.end();
    const ids = during.map((a) => a.answer.leadId!);
    expect(new Set(ids).size).toBe(200);
    const rows = await eventually(() => stored(ids), (found) => found.length === 200, 90_000, 250);
    expect(new Set(rows.map((r) => r.submission_key)).size).toBe(200);
    expect(await db.selectFrom("leads").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).toEqual({ n: dialect === "SQLite" ? 205 : "205" });
    expect((await deliveredTo(ids)).size).toBe(200);
    // Each carries a certificate signed as the store took it in, saying when its step was answered: on arrival.
    const jwks = createLocalJWKSet((await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet);
    const certificates = await db.selectFrom("leads").select(["id", "created_at", "consent_certificate"]).where("id", "in", ids).execute();
    for (const row of certificates) {
      const { payload } = await jwtVerify(row.consent_certificate!, jwks, { typ: "consent+jwt", algorithms: ["EdDSA"] });
      const { sub, iat, form } = payload as { sub: string; iat: number; form: { steps: Array<{ id: string; answeredAt?: string }> } };
      expect(sub).toBe(row.id);
      const answeredAt = new Date(form.steps.find((step) => step.id === "contact")!.answeredAt!).getTime();
      expect(Math.abs(answeredAt - new Date(row.created_at).getTime())).toBeLessThan(1_000);
      expect(answeredAt).toBeLessThan((iat + 1) * 1000);
    }
    await eventually(async () => (await (await fetch(`${server.url}/api/health`)).json()) as { status: string }, (h) => h.status === "ok", 20_000, 200);
    await server.stop("SIGTERM");
  }, 240_000);

  it.skipIf(skipped)("takes in the leads a killed instance still held at its next start", async () => {
    const first = await startServerProcess(env, 60_000);
    servers.push(first);
    await outage.begin();
    const held = await postLeads(first.url, 1000, 20, 4);
    expect(held.every((a) => a.status === 200 && a.answer.code === "1")).toBe(true);
    await first.stop("SIGKILL");
    await outage.end();

    const ids = held.map((a) => a.answer.leadId!);
    expect(await stored(ids)).toEqual([]);
    const second = await startServerProcess(env, 60_000);
    servers.push(second);
    await eventually(() => stored(ids), (found) => found.length === 20, 60_000, 250);
    expect((await deliveredTo(ids)).size).toBe(20);
  }, 240_000);
});
