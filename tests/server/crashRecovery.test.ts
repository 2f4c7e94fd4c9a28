import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "../../server/storage/database";
import type { Database } from "../../server/storage/schema";
import { eventually } from "./support/eventually";
import { fixtureLead, fixtureServerEnv } from "./support/pipelineFixtures";
import { startReceiver, type Receiver } from "./support/receiver";
import { startServerProcess, type ServerProcess } from "./support/serverProcess";
import { makeTempDir, removeTempDir } from "./testServer";

let dir: string;
let receiver: Receiver;
let env: Record<string, string>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  dir = await makeTempDir("switchplan-crash-");
  // A slow buyer, so deliveries are in flight when the server is killed.
  receiver = await startReceiver({ delayMs: 80 });
  env = {
    ...(await fixtureServerEnv(dir, receiver.url)),
    DATA_DIR: path.join(dir, "data"),
    DELIVERY_TIMEOUT_MS: "1000",
    DELIVERY_POLL_MS: "50",
    DELIVERY_BACKOFF_MS: "100",
    DELIVERY_BACKOFF_MAX_MS: "500",
  };
});
afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  await receiver.close();
  await removeTempDir(dir);
});

/** Posts leads from `senders` loops until the server stops answering; returns the answers it gave. */
async function burst(url: string, senders: number, onAnswer: (count: number) => void): Promise<Array<{ code: string; leadId: string }>> {
  const answers: Array<{ code: string; leadId: string }> = [];
  let next = 0;
  const send = async () => {
    for (;;) {
      const n = next++;
      const body = fixtureLead("business-energy", { phone: `020 7946 ${String(1000 + n)}`, email: `burst${n}@example.com` });
      try {
        const response = await fetch(`${url}/api/leads`, { method: "POST", headers: { "content-type": "application/json", origin: url }, body: JSON.stringify(body) });
        answers.push((await response.json()) as { code: string; leadId: string });
        onAnswer(answers.length);
      } catch {
        return; // The server is gone.
      }
    }
  };
  await Promise.all(Array.from({ length: senders }, send));
  return answers;
}

it("keeps every lead it answered and delivers every row at least once across a SIGKILL and a restart", async () => {
  const first = await startServerProcess(env);
  servers.push(first);
  const answered = await burst(first.url, 6, (count) => {
    if (count === 30) first.child.kill("SIGKILL");
  });
  await first.stop("SIGKILL");
  expect(answered.length).toBeGreaterThanOrEqual(30);
  expect(answered.every((a) => a.code === "5")).toBe(true);

  const second = await startServerProcess(env);
  servers.push(second);
  const db: Kysely<Database> = await openDatabase({ file: path.join(env.DATA_DIR!, "leads.sqlite") });
  try {
    const rows = await eventually(
      () => db.selectFrom("deliveries").select(["idempotency_key", "lead_id", "status"]).execute(),
      (all) => all.length > 0 && all.every((r) => r.status === "delivered"),
      20_000,
      100,
    );
    const stored = new Set((await db.selectFrom("leads").select("id").execute()).map((l) => l.id));
    for (const { leadId } of answered) expect(stored.has(leadId), `lead ${leadId} was answered "5" but is not stored`).toBe(true);
    expect(rows).toHaveLength(stored.size * 2);

    // Every row reached the receiver; a row sent twice (in flight at the kill) carries the same key and lead both times.
    const byKey = new Map<string, typeof receiver.received>();
    for (const request of receiver.received) byKey.set(request.idempotencyKey, [...(byKey.get(request.idempotencyKey) ?? []), request]);
    for (const row of rows) {
      const copies = byKey.get(row.idempotency_key) ?? [];
      expect(copies.length, `delivery ${row.idempotency_key} never arrived`).toBeGreaterThanOrEqual(1);
      expect(new Set(copies.map((c) => c.body.leadId))).toEqual(new Set([row.lead_id]));
    }
    expect([...byKey.keys()].every((key) => rows.some((r) => r.idempotency_key === key))).toBe(true);
  } finally {
    await db.destroy();
    await second.stop("SIGTERM");
  }
}, 60_000);
