/**
 * One way to serve a version (server/versionPages/), with the built site (dist/, from `npm run build`): a version the
 * build knew and the same document published on the live site give the same bytes, in every encoding, with the same
 * ETag and a 304 for a browser that holds them; and shipping, stopping and restoring any version, built or
 * published, keeps every version's page served, on SQLite and on PostgreSQL.
 */
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../engine/node/formsFolder";
import { ANALYST, analystsServerPerTest, basic } from "./support/analysts";
import { BROWSER_AGENT } from "./support/quoteVisits";
import { serverDialects } from "./support/serverOnDialect";
import { makeTempDir, removeTempDir } from "./testServer";

const SITE_DIR = path.join(repoRoot, "dist/client");
const FLOW = "business-energy";
const PAGE = `/quote/${FLOW}/`;
const asJo = { authorization: basic(ANALYST.name, ANALYST.password) };
const PUBLISHER = [{ ...ANALYST, role: "publisher" as const }];

let formsWithoutV3: string;

beforeAll(async () => {
  if (!existsSync(path.join(repoRoot, "dist/server/entry-server.js"))) throw new Error("dist/ is missing: run `npm run build` first (npm test does).");
  // The forms folder without business energy's v3, which the build holds: published on the live site, it is new there.
  formsWithoutV3 = path.join(await makeTempDir("switchplan-forms-"), "forms");
  await cp(path.join(repoRoot, "forms"), formsWithoutV3, { recursive: true });
  await rm(path.join(formsWithoutV3, FLOW, "v3.json"));
  const split = JSON.parse(await readFile(path.join(formsWithoutV3, FLOW, "split.json"), "utf8")) as { weights: Record<string, number> };
  await writeFile(path.join(formsWithoutV3, FLOW, "split.json"), JSON.stringify({ ...split, weights: { 1: 50, 2: 50 } }));
});

afterAll(async () => {
  if (formsWithoutV3) await removeTempDir(path.dirname(formsWithoutV3));
});

const document = (version: number): Record<string, unknown> => JSON.parse(readFileSync(path.join(repoRoot, "forms", FLOW, `v${version}.json`), "utf8")) as Record<string, unknown>;

const publish = (app: FastifyInstance, doc: Record<string, unknown>) =>
  app.inject({ method: "POST", url: `/api/analysts/flows/${FLOW}/versions`, headers: asJo, payload: { document: doc, why: "As the test says" } });
const traffic = (app: FastifyInstance, ask: "" | "/ship" | "/stop" | "/restore", body: Record<string, unknown>) =>
  app.inject({ method: "POST", url: `/api/analysts/flows/${FLOW}/traffic${ask}`, headers: asJo, payload: { why: "As the test says", ...body } });

/** A version's page as a browser accepting `encoding` gets it. */
const page = (app: FastifyInstance, query: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: `${PAGE}${query}`, headers: { "user-agent": BROWSER_AGENT, ...headers } });

describe.each(serverDialects)("a version built and the same published on the live site, on %s", (dialect, skipped) => {
  const startBuilt = analystsServerPerTest();
  const startPublished = analystsServerPerTest();

  it.skipIf(skipped)("give the same bytes in every encoding, the same ETag, and 304 to a browser holding them", async () => {
    const built = (await startBuilt(dialect, { SITE_DIR }, PUBLISHER, { quotePages: false })).app;
    const published = (await startPublished(dialect, { SITE_DIR, FORMS_DIR: formsWithoutV3 }, PUBLISHER, { quotePages: false })).app;
    expect((await page(published, "?v=3")).body).not.toContain('data-flow-version="3"');
    expect((await publish(published, document(3))).statusCode).toBe(201);

    for (const encoding of ["identity", "gzip", "br"]) {
      const headers = { "accept-encoding": encoding };
      const [fromBuild, fromStore] = [await page(built, "?v=3", headers), await page(published, "?v=3", headers)];
      expect(fromBuild.statusCode).toBe(200);
      expect(fromBuild.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      expect(fromStore.headers["content-encoding"]).toBe(fromBuild.headers["content-encoding"]);
      expect(fromStore.rawPayload.equals(fromBuild.rawPayload)).toBe(true);
      expect(fromBuild.headers.etag).toMatch(/^"[\w-]{27}(-br|-gz)?"$/);
      expect(fromStore.headers.etag).toBe(fromBuild.headers.etag);
      expect(fromStore.headers["cache-control"]).toBe("private, no-cache");

      const again = await page(published, "?v=3", { ...headers, "if-none-match": String(fromBuild.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    }
    const identity = await page(built, "?v=3", { "accept-encoding": "identity" });
    expect(identity.body).toContain('data-flow-version="3"');
    expect(identity.body).toContain(`<title>${String(document(3).title)}`);
  }, 120_000);
});

describe.each(serverDialects)("shipping, stopping and restoring any version, on %s", (dialect, skipped) => {
  const start = analystsServerPerTest();

  /** Every version's page is served drawing it, and the flow's page the version `shown`. */
  const everyPageServed = async (app: FastifyInstance, shown: number) => {
    for (const version of [1, 2, 3, 4]) {
      const served = await page(app, `?v=${version}`);
      expect(served.statusCode).toBe(200);
      expect(served.body).toContain(`data-flow-version="${version}"`);
    }
    const plain = await page(app, "");
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain(`data-flow-version="${shown}"`);
    expect((await app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ status: "ok" });
  };

  it.skipIf(skipped)("keeps every version's page served, built or published", async () => {
    const { app } = await start(dialect, { SITE_DIR }, PUBLISHER, { quotePages: false });
    expect((await publish(app, { ...document(1), version: 4, steps: (document(1).steps as object[]).map((s, i) => (i === 0 ? { ...s, question: "Which energy do you want a quote for?" } : s)) })).statusCode).toBe(201);

    for (const version of [4, 1, 2, 3]) {
      expect((await traffic(app, "/ship", { version })).statusCode).toBe(200);
      await everyPageServed(app, version);
    }
    // v4 the control beside v1, then v1 stopped: new visits get v4.
    expect((await traffic(app, "", { weights: { 1: 50, 2: 0, 3: 0, 4: 50 }, control: 4 })).statusCode).toBe(200);
    expect((await traffic(app, "/stop", { version: 1 })).statusCode).toBe(200);
    await everyPageServed(app, 4);

    type Entry = { change: number; kind: string; after: { default?: number; weights?: Record<string, number> } };
    const history = (await app.inject({ method: "GET", url: `/api/analysts/flows/${FLOW}/history`, headers: asJo })).json<{ changes: Entry[] }>();
    const shippingV2 = history.changes.find((c) => c.kind === "traffic" && c.after.default === 2 && c.after.weights?.["2"] === 100)!.change;
    expect((await traffic(app, "/restore", { change: shippingV2 })).statusCode).toBe(200);
    await everyPageServed(app, 2);
  }, 180_000);
});
