/**
 * A version published on the live site gets what a built version gets, with the built site (dist/, from
 * `npm run build`): its first step drawn into the flow's page by the build's own server bundle, carrying its
 * document, and its step validators precompiled by the server as immutable assets (no `eval`), under the same
 * Content Security Policy; a visitor without scripts walks its steps as in a built version.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../engine/node/formsFolder";
import { PUBLISHED_FLOW_ID, type PublishedFlowData } from "../../engine/core/servedStep";
import { ANALYST, analystsServerPerTest, basic } from "./support/analysts";
import { BROWSER_AGENT } from "./support/quoteVisits";

const siteDir = path.join(repoRoot, "dist/client");
const PAGE = "/quote/business-energy/";

beforeAll(() => {
  if (!existsSync(path.join(repoRoot, "dist/server/entry-server.js"))) throw new Error("dist/ is missing: run `npm run build` first (npm test does).");
});

/** Business energy v1, published as v4 with its first question reworded. */
function version4(): Record<string, unknown> {
  const doc = JSON.parse(readFileSync(path.join(repoRoot, "forms/business-energy/v1.json"), "utf8")) as { steps: Array<Record<string, unknown>> };
  return { ...doc, version: 4, steps: doc.steps.map((s, i) => (i === 0 ? { ...s, question: "Which energy do you want a quote for?" } : s)) };
}

describe("a version published on the live site", () => {
  const start = analystsServerPerTest();

  it("is served its first step drawn into the flow's page, with its document and validators' addresses, under the same policy", async () => {
    const { app } = await start("SQLite", { SITE_DIR: siteDir }, [{ ...ANALYST, role: "publisher" }], { quotePages: false });
    const published = await app.inject({ method: "POST", url: "/api/analysts/flows/business-energy/versions", headers: { authorization: basic(ANALYST.name, ANALYST.password) }, payload: { document: version4(), why: "Plainer first question" } });
    expect(published.statusCode).toBe(201);

    const page = await app.inject({ method: "GET", url: `${PAGE}?v=4`, headers: { "user-agent": BROWSER_AGENT } });
    const built = await app.inject({ method: "GET", url: `${PAGE}?v=1`, headers: { "user-agent": BROWSER_AGENT } });

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-flow-version="4"');
    expect(page.body).toContain("Which energy do you want a quote for?");
    expect(page.headers["content-security-policy"]).toBe(built.headers["content-security-policy"]);
    expect(page.headers["cache-control"]).toBe(built.headers["cache-control"]);
    const block = new RegExp(`<script type="application/json" id="${PUBLISHED_FLOW_ID}">(.*?)</script>`).exec(page.body)?.[1];
    const data = JSON.parse(block!) as PublishedFlowData;
    expect(data.document).toMatchObject({ id: "business-energy", version: 4 });
    expect(Object.keys(data.validators).sort()).toEqual(["address:manual", "address:picked", "contact"]);

    const validator = await app.inject({ method: "GET", url: data.validators.contact!, headers: { "accept-encoding": "identity" } });
    expect(validator.statusCode).toBe(200);
    expect(validator.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(validator.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(validator.body).toContain("stepValidator");
    expect(validator.body).not.toMatch(/new Function|\beval\(/);
    expect((await app.inject({ method: "GET", url: data.validators.contact!.replace(/\.[0-9a-f]{16}\.js$/, ".0000000000000000.js") })).statusCode).toBe(404);
  }, 60_000);

  it("walks a visitor without scripts through its steps as a built version does", async () => {
    const { app } = await start("SQLite", { SITE_DIR: siteDir }, [{ ...ANALYST, role: "publisher" }], { quotePages: false });
    await app.inject({ method: "POST", url: "/api/analysts/flows/business-energy/versions", headers: { authorization: basic(ANALYST.name, ANALYST.password) }, payload: { document: version4(), why: "Plainer first question" } });

    const posted = await app.inject({ method: "POST", url: `${PAGE}?v=4`, headers: { "user-agent": BROWSER_AGENT, "content-type": "application/x-www-form-urlencoded" }, payload: "_step=utility&_rev=0&utility=gas" });
    expect(posted.statusCode).toBe(303);
    const cookie = [posted.headers["set-cookie"] ?? []].flat().map((c) => c.split(";")[0]).join("; ");
    const next = await app.inject({ method: "GET", url: String(posted.headers.location), headers: { "user-agent": BROWSER_AGENT, cookie } });

    expect(next.statusCode).toBe(200);
    expect(next.body).toMatch(/<input type="hidden" name="_step" value="spend"\/>/);
    expect(next.body).toContain(`id="${PUBLISHED_FLOW_ID}"`);
  }, 60_000);
});
