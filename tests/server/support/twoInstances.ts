/** Two servers on one PostgreSQL schema, as behind a load balancer, for the tests of one file. */
import { afterAll, beforeAll } from "vitest";
import { makeTempDir, removeTempDir, startTestServer, type TestServer } from "../testServer";
import { ANALYST, writeTestAnalysts } from "./analysts";
import { openTestPostgres, type TestDatabase } from "./databases";

/** Starts both (jo a publisher on each, with the settings given) before the file's tests and stops them after; `a()` and `b()` are theirs while the tests run. */
export function twoInstancesForTests(env: Record<string, string> = {}): { a(): TestServer; b(): TestServer } {
  let store: TestDatabase | undefined;
  let dir: string | undefined;
  let servers: TestServer[] = [];
  beforeAll(async () => {
    store = await openTestPostgres();
    dir = await makeTempDir("switchplan-two-");
    const shared = { ...env, DATABASE_URL: store.url!, ANALYSTS_FILE: await writeTestAnalysts(dir, [{ ...ANALYST, role: "publisher" }]) };
    servers = await Promise.all([startTestServer(shared), startTestServer(shared)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await store?.drop();
    if (dir) await removeTempDir(dir);
  });
  const running = (i: number) => {
    const server = servers[i];
    if (!server) throw new Error("The two instances run only while the tests do");
    return server;
  };
  return { a: () => running(0), b: () => running(1) };
}
