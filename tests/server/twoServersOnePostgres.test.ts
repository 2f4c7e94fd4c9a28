import { afterAll, beforeAll, expect, it } from "vitest";
import { eventually } from "./support/eventually";
import { openTestPostgres, testDatabaseUrl, type TestDatabase } from "./support/databases";
import { fixtureLead, fixtureServerEnv } from "./support/pipelineFixtures";
import { startReceiver, type Receiver } from "./support/receiver";
import { startServerProcess, type ServerProcess } from "./support/serverProcess";
import { makeTempDir, removeTempDir } from "./testServer";

const skipped = !testDatabaseUrl;
let dir: string;
let receiver: Receiver;
let store: TestDatabase;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  if (skipped) return;
  dir = await makeTempDir("switchplan-two-");
  receiver = await startReceiver({ delayMs: 20 });
  store = await openTestPostgres();
  const env = {
    ...(await fixtureServerEnv(dir, receiver.url)),
    DATABASE_URL: store.url!,
    DELIVERY_POLL_MS: "50",
    DELIVERY_CONCURRENCY: "4",
  };
  servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
}, 30_000);
afterAll(async () => {
  for (const server of servers) await server.stop("SIGTERM");
  await receiver?.close();
  await store?.drop();
  if (dir) await removeTempDir(dir);
});

it.skipIf(skipped)(
  `two server processes on one PostgreSQL deliver a batch with no row sent twice${skipped ? " (skipped: set TEST_DATABASE_URL to run it)" : ""}`,
  async () => {
    const posts = Array.from({ length: 40 }, (_, n) =>
      fetch(`${servers[n % 2]!.url}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: servers[n % 2]!.url },
        body: JSON.stringify(fixtureLead("business-energy", { phone: `020 7946 ${String(2000 + n)}`, email: `batch${n}@example.com` })),
      }).then((r) => r.json() as Promise<{ code: string }>),
    );
    expect((await Promise.all(posts)).map((a) => a.code)).toEqual(Array.from({ length: 40 }, () => "5"));

    const rows = await eventually(
      () => store.db.selectFrom("deliveries").select(["idempotency_key", "status", "attempts"]).execute(),
      (all) => all.length === 80 && all.every((r) => r.status === "delivered"),
      20_000,
      100,
    );
    const keys = receiver.received.map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(80);
    expect(new Set(keys)).toEqual(new Set(rows.map((r) => r.idempotency_key)));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    const workers = await store.db.selectFrom("delivery_attempts").select("worker").distinct().execute();
    expect(workers).toHaveLength(2);
  },
  40_000,
);
