import { spawnSync } from "node:child_process";
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../server/config";
import { FORMS_PUBLISHER, PublishedFlowConflictError } from "../../server/publishing/publishFormsFolder";
import { publishedFlowCatalog } from "../../server/publishing/publishedCatalog";
import { flowHistory, readPublishedState } from "../../server/storage/publishedFlowsStore";
import { dialects, type TestDatabase } from "./support/databases";
import { makeTempDir, removeTempDir } from "./testServer";

const silent = Fastify({ logger: false }).log;
const now = new Date("2026-11-27T09:00:00Z");

let dir: string;
let formsDir: string;
beforeEach(async () => {
  dir = await makeTempDir("switchplan-published-");
  formsDir = path.join(dir, "forms");
  await cp(path.join(repoRoot, "forms"), formsDir, { recursive: true });
});

async function addVersion(flowId: string, from: number, to: number, edit: (doc: Record<string, unknown>) => void = () => undefined): Promise<void> {
  const doc = JSON.parse(await readFile(path.join(formsDir, flowId, `v${from}.json`), "utf8")) as Record<string, unknown>;
  doc.version = to;
  edit(doc);
  await writeFile(path.join(formsDir, flowId, `v${to}.json`), `${JSON.stringify(doc, null, 2)}\n`);
}

/** A catalogue over the scratch forms folder, attached to the store (publishing forms/ into it). */
async function attached(db: TestDatabase["db"]) {
  const catalog = publishedFlowCatalog(formsDir);
  try {
    await catalog.attach(db, silent, now);
  } finally {
    catalog.close();
  }
  return catalog;
}

describe.each(dialects)("forms/ published at start on %s", (_name, open, skipped) => {
  let store: TestDatabase;
  beforeAll(async () => {
    if (!skipped) store = await open();
  });
  afterAll(async () => {
    await store?.drop();
  });
  beforeEach(async () => {
    if (skipped) return;
    for (const table of ["published_flow_versions", "published_flow_traffic", "published_flow_changes"] as const) await store.db.deleteFrom(table).execute();
  });

  it.skipIf(skipped)("publishes every version and split of forms/ into a store that has none, recording who and why", async () => {
    const catalog = await attached(store.db);

    const state = await readPublishedState(store.db);
    expect(state.versions.map((v) => `${v.flowId}@${v.version}`)).toContain("business-energy@3");
    expect(state.versions).toHaveLength(catalog.corpus().flows.reduce((n, f) => n + f.versions.length, 0));
    const original = await readFile(path.join(formsDir, "business-water", "v1.json"), "utf8");
    expect(state.versions.find((v) => v.flowId === "business-water")?.document).toBe(original);
    expect(JSON.parse(state.traffic.find((t) => t.flowId === "business-energy")!.split)).toMatchObject({ default: 1 });
    const history = await flowHistory(store.db, "business-water");
    expect(history.map((h) => [h.kind, h.analyst])).toEqual([
      ["traffic", FORMS_PUBLISHER],
      ["publish", FORMS_PUBLISHER],
    ]);
    expect(catalog.getFlow("business-energy", 3)?.version).toBe(3);
  });

  it.skipIf(skipped)("adds a version a later deploy's forms/ holds, and keeps the traffic in force", async () => {
    await attached(store.db);
    await addVersion("business-water", 1, 2);
    await writeFile(path.join(formsDir, "business-water", "split.json"), `${JSON.stringify({ default: 1, weights: { "1": 50, "2": 50 } }, null, 2)}\n`);

    const catalog = await attached(store.db);

    expect(catalog.getFlow("business-water", 2)?.version).toBe(2);
    expect(catalog.corpus().flows.find((f) => f.id === "business-water")?.weights).toEqual({ "1": 100 });
  });

  it.skipIf(skipped)("stops with one line naming the file and the published version when a file's content differs", async () => {
    await attached(store.db);
    const file = path.join(formsDir, "business-water", "v1.json");
    const doc = JSON.parse(await readFile(file, "utf8")) as { title: string };
    await writeFile(file, JSON.stringify({ ...doc, title: `${doc.title} (edited)` }, null, 2));

    const catalog = publishedFlowCatalog(formsDir);
    const started = catalog.attach(store.db, silent, now);

    await expect(started).rejects.toThrow(PublishedFlowConflictError);
    await expect(started).rejects.toThrow(/^\S*forms\/business-water\/v1\.json differs from business-water v1 as published \(published by forms\/ at 2026-11-27T09:00:00.000Z\)/);
    catalog.close();
  });

  it.skipIf(skipped)("takes a file written in another JSON style as the same version", async () => {
    await attached(store.db);
    const file = path.join(formsDir, "business-water", "v1.json");
    await writeFile(file, JSON.stringify(JSON.parse(await readFile(file, "utf8"))));

    await expect(attached(store.db)).resolves.toBeDefined();
  });

  it.skipIf(skipped)("lets two instances starting at once publish forms/ once between them", async () => {
    const [a, b] = [publishedFlowCatalog(formsDir), publishedFlowCatalog(formsDir)];
    await Promise.all([a.attach(store.db, silent, now), b.attach(store.db, silent, now)]);
    a.close();
    b.close();

    const history = await flowHistory(store.db, "business-energy");
    expect(history.filter((h) => h.kind === "publish")).toHaveLength(3);
    expect(a.revision()).toBe(b.revision());
  });
});

describe("a deploy whose forms/ differs from a published version", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeTempDir("switchplan-published-data-");
  });
  afterAll(async () => {
    await removeTempDir(dataDir);
  });

  it("stops the server's start with that one line and no stack trace", async () => {
    const env = { ...process.env, DATA_DIR: dataDir, FORMS_DIR: formsDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", DATABASE_URL: "" };
    const publish = publishedFlowCatalog(formsDir);
    const { openDatabase } = await import("../../server/storage/database");
    const db = await openDatabase({ file: path.join(dataDir, "leads.sqlite") });
    await publish.attach(db, silent, now);
    publish.close();
    await db.destroy();
    await addVersion("business-water", 1, 1, (doc) => (doc.title = "Changed after publishing"));

    const run = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: repoRoot, env, encoding: "utf8", timeout: 60_000 });

    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/forms\/business-water\/v1\.json differs from business-water v1 as published/);
    await removeTempDir(dir);
  });
});

describe("npm run flows:export", () => {
  it("writes the published state byte for byte as forms/ holds it, twice the same, and forms:check passes on it", async () => {
    const dataDir = await makeTempDir("switchplan-export-");
    const { openDatabase } = await import("../../server/storage/database");
    const db = await openDatabase({ file: path.join(dataDir, "leads.sqlite") });
    await attached(db);
    await db.destroy();
    const env = { PATH: process.env.PATH ?? "", DATA_DIR: dataDir };
    const exportTo = (out: string) => spawnSync(process.execPath, ["--import", "tsx", "server/cli/flowsExportMain.ts", "--out", out], { cwd: repoRoot, env, encoding: "utf8", timeout: 60_000 });

    const first = exportTo(path.join(dataDir, "first"));
    exportTo(path.join(dataDir, "second"));

    expect(first.stdout.split("\n")[0]).toBe(`Exporting the published flows from ${dataDir}/leads.sqlite (DATA_DIR)`);
    for (const file of ["business-energy/v3.json", "business-energy/split.json", "home-energy/v1.json"]) {
      const exported = await readFile(path.join(dataDir, "first", file), "utf8");
      expect(exported).toBe(await readFile(path.join(dataDir, "second", file), "utf8"));
      expect(exported).toBe(await readFile(path.join(formsDir, file), "utf8"));
    }
    await cp(path.join(formsDir, "deals"), path.join(dataDir, "first", "deals"), { recursive: true });
    const check = spawnSync(process.execPath, ["--import", "tsx", "scripts/formsCheck.ts"], { cwd: repoRoot, env: { ...env, FORMS_DIR: path.join(dataDir, "first") }, encoding: "utf8", timeout: 60_000 });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    await removeTempDir(dataDir);
  }, 120_000);
});
