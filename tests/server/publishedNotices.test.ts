import { readFile } from "node:fs/promises";
import path from "node:path";
import Fastify from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../server/config";
import { createSchemaCheck } from "../../engine/node/validation";
import { changeTraffic } from "../../server/publishing/changeTraffic";
import { publishedFlowCatalog, type PublishedFlowCatalog, type Rebuild } from "../../server/publishing/publishedCatalog";
import { publishVersion } from "../../server/publishing/publishVersion";
import { listenForPublishedChanges, type PublishedNotices } from "../../server/storage/publishedNotices";
import { databaseForTests, dialects, openTestPostgres, testDatabaseUrl } from "./support/databases";
import { eventually } from "./support/eventually";

const silent = Fastify({ logger: false }).log;
const now = new Date("2026-12-01T09:00:00Z");
const formsDir = path.join(repoRoot, "forms");
const AN_HOUR = 3_600_000;
const check = createSchemaCheck();

let open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const o of open) await o.close();
  open = [];
});

const energyV1 = async () => JSON.parse(await readFile(path.join(formsDir, "business-energy", "v1.json"), "utf8")) as Record<string, unknown>;

/** Publishes a copy of business energy v1 as `version` through `catalog`'s instance. */
async function publish(db: Parameters<PublishedFlowCatalog["attach"]>[0], catalog: PublishedFlowCatalog, version: number) {
  const answer = await publishVersion({ db, catalog, check }, { flowId: "business-energy", analyst: "jo", at: now, why: `v${version}`, document: { ...(await energyV1()), version } });
  expect(answer).toMatchObject({ done: true, version });
}

/** The version the catalogue serves as business energy's, or undefined. */
const serves = (catalog: PublishedFlowCatalog, version: number) => async () => catalog.getFlow("business-energy", version)?.version;

describe.skipIf(!testDatabaseUrl)("published changes heard on PostgreSQL", () => {
  const store = databaseForTests(openTestPostgres, !testDatabaseUrl, async () => undefined);

  /** An instance attached to the store, with the poll set to an hour and notices heard on its own connection. */
  async function listening(): Promise<{ catalog: PublishedFlowCatalog; notices: () => PublishedNotices }> {
    const catalog = publishedFlowCatalog(formsDir);
    let notices: PublishedNotices | undefined;
    await catalog.attach(store.db, silent, now, { pollMs: AN_HOUR, listen: (onNotice) => (notices = listenForPublishedChanges(store.url!, onNotice)) });
    open.push(catalog);
    await eventually(async () => notices!.listening(), Boolean);
    return { catalog, notices: () => notices! };
  }

  it("brings another instance a publish and a traffic change by the notice alone", async () => {
    const a = await listening();
    const b = await listening();

    await publish(store.db, a.catalog, 4);
    expect(await eventually(serves(b.catalog, 4), (v) => v === 4)).toBe(4);

    const shipped = await changeTraffic({ db: store.db, catalog: a.catalog, check }, { flowId: "business-energy", analyst: "jo", at: now, why: "v4 won", ask: { kind: "ship", version: 4 } });
    expect(shipped).toMatchObject({ done: true });
    expect(await eventually(async () => b.catalog.defaultVersion("business-energy"), (v) => v === 4)).toBe(4);
    expect(b.catalog.revision()).toBe(a.catalog.revision());
  });

  it("still brings a publish after the listening connection is cut", async () => {
    const a = await listening();
    const b = await listening();
    const cut = b.notices().backendPid()!;

    await sql`select pg_terminate_backend(${cut})`.execute(store.db);
    await publish(store.db, a.catalog, 5);

    expect(await eventually(serves(b.catalog, 5), (v) => v === 5)).toBe(5);
    // And it listens again, on a new connection.
    const again = await eventually(async () => b.notices().backendPid(), (pid) => pid !== undefined && pid !== cut);
    expect(again).not.toBe(cut);
    await publish(store.db, a.catalog, 6);
    expect(await eventually(serves(b.catalog, 6), (v) => v === 6)).toBe(6);
  });

  it("brings a publish whose notice never arrived by the poll", async () => {
    const a = await listening();
    // b listens, but every notice it is sent is lost on the way; its poll runs every 100 ms.
    const b = publishedFlowCatalog(formsDir);
    open.push(b);
    let heard: PublishedNotices | undefined;
    let lost = 0;
    await b.attach(store.db, silent, now, { pollMs: 100, listen: () => (heard = listenForPublishedChanges(store.url!, () => void lost++)) });
    await eventually(async () => heard!.listening(), Boolean);

    await publish(store.db, a.catalog, 7);

    expect(await eventually(serves(b, 7), (v) => v === 7)).toBe(7);
    // The notice was sent, and dropped.
    expect(await eventually(async () => lost, (n) => n > 0)).toBeGreaterThan(0);
  });
});

describe.each(dialects)("published changes polled on %s", (_name, openStore, skipped) => {
  const store = databaseForTests(openStore, skipped, async () => undefined);

  it.skipIf(skipped)("brings another instance a publish with no notices at all, by the poll", async () => {
    const a = publishedFlowCatalog(formsDir);
    const b = publishedFlowCatalog(formsDir);
    open.push(a, b);
    await a.attach(store.db, silent, now, { pollMs: AN_HOUR });
    const rebuilds: Rebuild[] = [];
    await b.attach(store.db, silent, now, { pollMs: 50, onRebuilt: (r) => rebuilds.push(r) });

    await publish(store.db, a, 8);

    expect(await eventually(serves(b, 8), (v) => v === 8)).toBe(8);
    // Only the flow published was read again, and the rest is served as before.
    expect(rebuilds.map((r) => r.flows)).toEqual(["all", ["business-energy"]]);
    expect(b.corpus().flows.map((f) => f.id)).toEqual(a.corpus().flows.map((f) => f.id));
    expect(b.corpus().findings).toEqual(a.corpus().findings);
  });
});
