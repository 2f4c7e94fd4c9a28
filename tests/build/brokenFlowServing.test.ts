/**
 * A server started with a broken flow over the built site: every other quote page answers as usual, the broken
 * flow's answers the helpful page in the specification's words, and /api/health says so.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFlowCorpus, repoRoot } from "../../engine/node/formsFolder";
import { quotePath } from "../../engine/core/quotePaths";
import { makeTempDir, removeTempDir, startTestServer, type TestServer } from "../server/testServer";

const siteDir = path.join(repoRoot, "dist/client");
let dir: string;
let server: TestServer;
beforeAll(async () => {
  if (!existsSync(path.join(siteDir, "quote-unavailable.html"))) throw new Error("dist/client is missing: run `npm run build` first (npm test does).");
  dir = await makeTempDir("broken-flow-");
  const formsDir = path.join(dir, "forms");
  await cp(path.join(repoRoot, "forms"), formsDir, { recursive: true });
  // The mistake of the analysts' guide, made in business water's only version: nothing of the flow can be served.
  const file = path.join(formsDir, "business-water", "v1.json");
  const flow = JSON.parse(await readFile(file, "utf8")) as { steps: Array<{ id: string; next?: unknown }> };
  flow.steps.find((s) => s.id === "supplier")!.next = "adress";
  await writeFile(file, JSON.stringify(flow));
  server = await startTestServer({ FORMS_DIR: formsDir, SITE_DIR: siteDir });
});
afterAll(async () => {
  await server?.close();
  await removeTempDir(dir);
});

const get = (url: string) => server.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });

describe("a server started with one broken flow", () => {
  const others = loadFlowCorpus().flows.filter((flow) => flow.id !== "business-water");

  it.each(others.map((flow) => [quotePath(flow.path), flow.title] as const))("serves %s as usual", async (page, title) => {
    const response = await get(page);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(title);
  });

  it("answers the broken flow's quote page with the helpful page: the spec's words, a way to reach us, no form", async () => {
    const response = await get("/quote/business-water/");

    expect(response.statusCode).toBe(503);
    expect(response.body).toContain("<h1>Something has gone wrong. Please try again.</h1>");
    expect(response.body).toMatch(/<a href="mailto:[^"]+@[^"]+">/);
    expect(response.body).toContain('<a href="./">Try again</a>');
    // No scripts: the built bundle would draw the flow whose leads the server cannot take.
    expect(response.body).not.toMatch(/<script type="module"|<link rel="modulepreload"|data-entry=|consent-banner"/);
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("says which flow is down in /api/health", async () => {
    const health = (await get("/api/health")).json();
    expect(health).toEqual({ status: "degraded", flows: { errors: [expect.stringContaining('business-water/v1.json: step "supplier": next names unknown step "adress"')], unavailable: ["business-water"], unserved: [] } });
  });
});
