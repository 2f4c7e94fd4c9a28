/**
 * Every published version, built or not, can be the control, shipped, stopped and restored, and the flow's page is
 * then served drawing it, with the built site (dist/, from `npm run build`), on SQLite, on PostgreSQL and on a second
 * instance of it. A flow whose page cannot be served says so in /api/health and in a metric.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../engine/node/formsFolder";
import { freePort } from "../../scripts/support/metricsScraper";
import { ANALYST, analystsServerPerTest, basic } from "./support/analysts";
import { testDatabaseUrl } from "./support/databases";
import { eventually } from "./support/eventually";
import { logCapture } from "./support/logCapture";
import { valueOf } from "./support/exposition";
import { BROWSER_AGENT } from "./support/quoteVisits";
import { serverDialects } from "./support/serverOnDialect";
import { twoInstancesForTests } from "./support/twoInstances";

const SITE = { SITE_DIR: path.join(repoRoot, "dist/client") };
const FLOW = "home-solar";
const asJo = { authorization: basic(ANALYST.name, ANALYST.password) };
const REWORDED = "Which kind of home is yours?";

beforeAll(() => {
  if (!existsSync(path.join(repoRoot, "dist/server/entry-server.js"))) throw new Error("dist/ is missing: run `npm run build` first (npm test does).");
});

/** Home solar v1 published as v2, its first question reworded so a page drawing it can be told apart. */
function version2(): Record<string, unknown> {
  const doc = JSON.parse(readFileSync(path.join(repoRoot, "forms", FLOW, "v1.json"), "utf8")) as { steps: Array<Record<string, unknown>> };
  return { ...doc, version: 2, steps: doc.steps.map((s, i) => (i === 0 ? { ...s, question: REWORDED } : s)) };
}

const publish = (app: FastifyInstance) => app.inject({ method: "POST", url: `/api/analysts/flows/${FLOW}/versions`, headers: asJo, payload: { document: version2(), why: "Plainer first question" } });
const traffic = (app: FastifyInstance, ask: "" | "/ship" | "/stop" | "/restore", body: Record<string, unknown>) =>
  app.inject({ method: "POST", url: `/api/analysts/flows/${FLOW}/traffic${ask}`, headers: asJo, payload: { why: "As the test says", ...body } });

/** What a new visitor (or `?v=`) is served: the status, the version the page draws, and whether it asks v2's question. */
async function served(app: FastifyInstance, query = ""): Promise<{ status: number; version: number | undefined; reworded: boolean }> {
  const page = await app.inject({ method: "GET", url: `/quote/${FLOW}/${query}`, headers: { "user-agent": BROWSER_AGENT } });
  const version = /data-flow-version="(\d+)"/.exec(page.body)?.[1];
  return { status: page.statusCode, version: version === undefined ? undefined : Number(version), reworded: page.body.includes(REWORDED) };
}

/** The traffic entry of the flow's history that made v2 the control with all the traffic. */
async function entryShippingV2(app: FastifyInstance): Promise<number> {
  type Entry = { change: number; kind: string; after: { default?: number; weights?: Record<string, number> } };
  const history = (await app.inject({ method: "GET", url: `/api/analysts/flows/${FLOW}/history`, headers: asJo })).json<{ changes: Entry[] }>();
  return history.changes.find((c) => c.kind === "traffic" && c.after.default === 2 && c.after.weights?.["2"] === 100)!.change;
}

const V1 = { status: 200, version: 1, reworded: false };
const V2 = { status: 200, version: 2, reworded: true };

describe.each(serverDialects)("a version published on the live site, on %s", (dialect, skipped) => {
  const start = analystsServerPerTest();

  it.skipIf(skipped)("is served to every visitor once shipped, ?v=1 and ?v=2 still drawing theirs, until v1 is shipped again", async () => {
    const { app } = await start(dialect, SITE, [{ ...ANALYST, role: "publisher" }], { quotePages: false });
    expect((await publish(app)).statusCode).toBe(201);
    expect((await traffic(app, "/ship", { version: 2 })).statusCode).toBe(200);

    expect(await served(app)).toEqual(V2);
    expect(await served(app, "?v=1")).toEqual(V1);
    expect(await served(app, "?v=2")).toEqual(V2);
    expect((await app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ status: "ok" });

    expect((await traffic(app, "/ship", { version: 1 })).statusCode).toBe(200);
    expect(await served(app)).toEqual(V1);
  }, 60_000);

  it.skipIf(skipped)("is served as the control given the traffic, stopped and restored", async () => {
    const { app } = await start(dialect, SITE, [{ ...ANALYST, role: "publisher" }], { quotePages: false });
    await publish(app);

    expect((await traffic(app, "", { weights: { 1: 0, 2: 100 }, control: 2 })).statusCode).toBe(200);
    expect(await served(app)).toEqual(V2);
    // Stopped, v2 stays the control with no share: new visits get v1.
    expect((await traffic(app, "/stop", { version: 2 })).statusCode).toBe(409);
    expect((await traffic(app, "", { weights: { 1: 50, 2: 50 }, control: 2 })).statusCode).toBe(200);
    expect((await traffic(app, "/stop", { version: 2 })).statusCode).toBe(200);
    expect(await served(app)).toEqual(V1);
    expect(await served(app, "?v=2")).toEqual(V2);

    const allToV2 = await entryShippingV2(app);
    expect((await traffic(app, "/restore", { change: allToV2 })).statusCode).toBe(200);
    expect(await served(app)).toEqual(V2);
  }, 60_000);
});

describe.skipIf(!testDatabaseUrl)("a version published and shipped on one instance of two on one PostgreSQL", () => {
  const { a, b } = twoInstancesForTests(SITE);

  it("is served drawing it by the other, with no restart", async () => {
    expect((await publish(a().app)).statusCode).toBe(201);
    expect((await traffic(a().app, "/ship", { version: 2 })).statusCode).toBe(200);

    expect(await eventually(() => served(b().app), (page) => page.version === 2)).toEqual(V2);
    expect(await served(b().app, "?v=1")).toEqual(V1);
    expect(await served(b().app, "?v=2")).toEqual(V2);
  }, 60_000);
});

describe.each(serverDialects)("a shipped version no page can be drawn for, on %s", (dialect, skipped) => {
  const start = analystsServerPerTest();

  // startQuoteServerOn's site holds each built version's page and no server bundle: a version published since has none.
  it.skipIf(skipped)("answers the error page, and health, a metric and the log name the flow", async () => {
    const port = await freePort();
    const log = logCapture();
    const { app } = await start(dialect, { METRICS_PORT: String(port) }, [{ ...ANALYST, role: "publisher" }], { logger: { level: "error", stream: log.stream } });
    await publish(app);
    const before = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
    await traffic(app, "/ship", { version: 2 });

    const page = await app.inject({ method: "GET", url: `/quote/${FLOW}/`, headers: { "user-agent": BROWSER_AGENT } });
    const health = await app.inject({ method: "GET", url: "/api/health" });
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());

    expect(page.statusCode).toBe(503);
    expect(page.body).toContain("Something has gone wrong. Please try again.");
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "degraded", flows: { errors: [], unavailable: [], unserved: [FLOW] } });
    expect(valueOf(before, "switchplan_flow_page_unserved", { flow: FLOW })).toBe(0);
    expect(valueOf(metrics, "switchplan_flow_page_unserved", { flow: FLOW })).toBe(1);
    expect(valueOf(metrics, "switchplan_flow_page_unserved", { flow: "business-energy" })).toBe(0);
    expect(log.text()).toContain(`"flowId":"${FLOW}"`);
    expect(log.text()).toContain(`Quote flow ${FLOW}: v2 has no page this server can draw`);
    expect(await served(app, "?v=1")).toEqual(V1);
  }, 60_000);
});
