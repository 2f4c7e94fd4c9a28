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
import { PlainBrowser, UP_TO_ADDRESS } from "./support/plainBrowser";
import { BROWSER_AGENT } from "./support/quoteVisits";
import { serverDialects } from "./support/serverOnDialect";
import { makeTempDir, removeTempDir } from "./testServer";
import { quotePageFiles } from "../../server/quotePageFiles";
import type { FlowDocument } from "../../engine/core/types";

const SITE_DIR = path.join(repoRoot, "dist/client");
const FLOW = "business-energy";
const PAGE = `/quote/${FLOW}/`;
const asJo = { authorization: basic(ANALYST.name, ANALYST.password) };
const PUBLISHER = [{ ...ANALYST, role: "publisher" as const }];

let formsWithoutV3: string;
/** The forms folder with a flow the build never knew: a copy of business energy v1 under a new id, address and title. */
let formsWithNewFlow: string;
const NEW_FLOW = { id: "shop-energy", path: "shop-energy", title: "Compare energy prices for your shop" };

beforeAll(async () => {
  if (!existsSync(path.join(repoRoot, "dist/server/entry-server.js"))) throw new Error("dist/ is missing: run `npm run build` first (npm test does).");
  // The forms folder without business energy's v3, which the build holds: published on the live site, it is new there.
  formsWithoutV3 = path.join(await makeTempDir("switchplan-forms-"), "forms");
  await cp(path.join(repoRoot, "forms"), formsWithoutV3, { recursive: true });
  await rm(path.join(formsWithoutV3, FLOW, "v3.json"));
  const split = JSON.parse(await readFile(path.join(formsWithoutV3, FLOW, "split.json"), "utf8")) as { weights: Record<string, number> };
  await writeFile(path.join(formsWithoutV3, FLOW, "split.json"), JSON.stringify({ ...split, weights: { 1: 50, 2: 50 } }));

  formsWithNewFlow = path.join(await makeTempDir("switchplan-forms-"), "forms");
  await cp(path.join(repoRoot, "forms"), formsWithNewFlow, { recursive: true });
  await cp(path.join(repoRoot, "forms", FLOW), path.join(formsWithNewFlow, NEW_FLOW.id), { recursive: true });
  for (const version of [2, 3]) await rm(path.join(formsWithNewFlow, NEW_FLOW.id, `v${version}.json`));
  await writeFile(path.join(formsWithNewFlow, NEW_FLOW.id, "v1.json"), JSON.stringify({ ...document(1), ...NEW_FLOW }, null, 2));
  await writeFile(path.join(formsWithNewFlow, NEW_FLOW.id, "split.json"), JSON.stringify({ ...split, default: 1, weights: { 1: 100 } }));
});

afterAll(async () => {
  if (formsWithoutV3) await removeTempDir(path.dirname(formsWithoutV3));
  if (formsWithNewFlow) await removeTempDir(path.dirname(formsWithNewFlow));
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

describe.each(serverDialects)("a flow the build never knew, on %s", (dialect, skipped) => {
  const start = analystsServerPerTest();
  const NEW_PAGE = `/quote/${NEW_FLOW.path}/`;

  it.skipIf(skipped)("is served with its own title, its first page as kept bytes and its later steps without scripts", async () => {
    const { app } = await start(dialect, { SITE_DIR, FORMS_DIR: formsWithNewFlow }, PUBLISHER, { quotePages: false });
    const first = await app.inject({ method: "GET", url: NEW_PAGE, headers: { "user-agent": BROWSER_AGENT, "accept-encoding": "br" } });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.etag).toMatch(/^"[\w-]{27}-br"$/);
    const identity = await app.inject({ method: "GET", url: NEW_PAGE, headers: { "user-agent": BROWSER_AGENT } });
    expect(identity.body).toContain(`<title>${NEW_FLOW.title}`);
    expect(identity.body).toContain('data-flow-version="1"');
    expect(identity.body).toContain(`<link rel="canonical"`);
    expect(identity.body).not.toContain('name="robots"');

    // Without scripts: each later step is that step's own page, holding the visitor's answers, never kept.
    const browser = new PlainBrowser(app);
    for (const [step, answers] of UP_TO_ADDRESS) {
      const answered = await browser.answer(NEW_PAGE, step, answers);
      expect(answered.statusCode).toBe(303);
      const later = await browser.get(String(answered.headers.location));
      expect(later.statusCode).toBe(200);
      expect(later.headers["cache-control"]).toBe("no-store");
      expect(later.body).toContain(`<title>${NEW_FLOW.title}`);
      expect(later.body).toContain(`data-step="${String(answered.headers.location).split("step=")[1]}"`);
    }
  }, 120_000);
});

describe("a flow kept out of search indexes", () => {
  it("has its pages drawn with a robots noindex in place of their canonical link, and the other flows as before", async () => {
    const pages = quotePageFiles(SITE_DIR, undefined, undefined, (flow) => flow.id !== NEW_FLOW.id);
    try {
      const unlisted = (await pages.firstPage({ ...document(1), ...NEW_FLOW } as unknown as FlowDocument))!.identity.toString("utf8");
      expect(unlisted).toContain('<meta name="robots" content="noindex" />');
      expect(unlisted).not.toContain('rel="canonical"');
      expect(unlisted).toContain(`<title>${NEW_FLOW.title}`);
      const listed = (await pages.firstPage(document(1) as unknown as FlowDocument))!.identity.toString("utf8");
      expect(listed).toContain('rel="canonical"');
      expect(listed).not.toContain('name="robots"');
    } finally {
      await pages.close();
    }
  }, 60_000);
});
