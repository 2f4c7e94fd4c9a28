/**
 * The flow studio on the live site: its pages, files and reading API are for signed-in analysts only (anonymous
 * requests get nothing but the way to sign in), any analyst reads the published flows through it, and publishing
 * and traffic stay a publisher's (an editor is answered 403).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ANALYST, analystsServerPerTest, basic, OTHER_ANALYST, PAGE_ACCEPT } from "./support/analysts";
import { makeTempDir, removeTempDir } from "./testServer";

const asJo = { authorization: basic(ANALYST.name, ANALYST.password) };
const asSam = { authorization: basic(OTHER_ANALYST.name, OTHER_ANALYST.password) };
const SHELL = "<!doctype html><title>Flow studio</title><div id=studio></div>";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await removeTempDir(dir);
  dir = undefined;
});

/** A built studio beside the site's folder, as npm run build leaves it; the server's SITE_DIR. */
async function builtStudio(): Promise<Record<string, string>> {
  dir = await makeTempDir("switchplan-live-studio-");
  await mkdir(path.join(dir, "studio", "studio"), { recursive: true });
  await mkdir(path.join(dir, "studio", "assets"), { recursive: true });
  await writeFile(path.join(dir, "studio", "studio", "index.html"), SHELL);
  await writeFile(path.join(dir, "studio", "assets", "index-abc123.js"), "console.log('studio')");
  return { SITE_DIR: path.join(dir, "client") };
}

describe("the flow studio on the live site", () => {
  const startServer = analystsServerPerTest();
  /** Jo publishes; Sam edits. */
  const start = async () => startServer("SQLite", await builtStudio(), [{ ...ANALYST, role: "publisher" }, { ...OTHER_ANALYST, role: "editor" }]);

  it("gives an anonymous visitor nothing: the pages send a browser to sign in, the files and the API answer 401", async () => {
    const { app } = await start();

    const page = await app.inject({ method: "GET", url: "/analysts/studio/business-energy/v1", headers: { accept: PAGE_ACCEPT } });
    const script = await app.inject({ method: "GET", url: "/analysts/studio/assets/index-abc123.js" });
    const listing = await app.inject({ method: "GET", url: "/api/analysts/studio/flows" });
    const files = await app.inject({ method: "GET", url: "/api/analysts/studio/flows/business-energy" });

    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe("/analysts/sign-in?return=%2Fanalysts%2Fstudio%2Fbusiness-energy%2Fv1");
    expect([script.statusCode, listing.statusCode, files.statusCode]).toEqual([401, 401, 401]);
    expect(script.body).not.toContain("studio'");
  });

  it("serves its pages and files to a signed-in analyst, kept out of shared caches", async () => {
    const { app } = await start();

    const list = await app.inject({ method: "GET", url: "/analysts/studio/", headers: asSam });
    const version = await app.inject({ method: "GET", url: "/analysts/studio/business-energy/v1", headers: asSam });
    const script = await app.inject({ method: "GET", url: "/analysts/studio/assets/index-abc123.js", headers: asSam });
    const noFlow = await app.inject({ method: "GET", url: "/analysts/studio/no-such-flow/v1", headers: asSam });

    expect([list.statusCode, version.statusCode, script.statusCode, noFlow.statusCode]).toEqual([200, 200, 200, 404]);
    expect(version.body).toBe(SHELL);
    expect(version.headers["cache-control"]).toBe("no-store");
    expect(script.headers["content-type"]).toContain("text/javascript");
    expect(script.headers["cache-control"]).toContain("private");
  });

  it("lets the phone preview's frame, and no other page, compile a draft's validators", async () => {
    const { app } = await start();

    const frame = await app.inject({ method: "GET", url: "/analysts/studio/preview/", headers: asSam });
    const list = await app.inject({ method: "GET", url: "/analysts/studio/", headers: asSam });

    expect(frame.headers["content-security-policy"]).toContain("'unsafe-eval'");
    expect(list.headers["content-security-policy"]).not.toContain("'unsafe-eval'");
  });

  it("reads the published flows, one flow's files and findings, and checks a draft against them", async () => {
    const { app } = await start();

    const listing = (await app.inject({ method: "GET", url: "/api/analysts/studio/flows", headers: asSam })).json<{ flows: Array<{ id: string; versions: Array<{ version: number; weight: number }> }> }>();
    const files = (await app.inject({ method: "GET", url: "/api/analysts/studio/flows/home-insurance", headers: asSam })).json<{ files: Record<string, { text: string }> }>();
    const broken = JSON.stringify({ ...(JSON.parse(files.files["v1.json"]!.text) as object), version: 2, start: "nowhere" });
    const check = await app.inject({ method: "POST", url: "/api/analysts/studio/flows/home-insurance/check", headers: asSam, payload: { files: { "v2.json": broken } } });
    const badBody = await app.inject({ method: "POST", url: "/api/analysts/studio/flows/home-insurance/check", headers: asSam, payload: { files: { "v2.json": 3 } } });

    expect(listing.flows.find((f) => f.id === "home-insurance")?.versions).toEqual([expect.objectContaining({ version: 1, weight: 100 })]);
    expect(Object.keys(files.files)).toEqual(["v1.json", "split.json"]);
    expect(check.statusCode).toBe(200);
    expect(check.json<{ findings: Array<{ severity: string; message: string }> }>().findings.some((f) => f.severity === "error" && f.message.includes("nowhere"))).toBe(true);
    expect(badBody.statusCode).toBe(400);
  });

  it("says who is signed in with which role, and an editor's traffic change is refused 403 while a publisher's is made", async () => {
    const { app } = await start();

    const sam = (await app.inject({ method: "GET", url: "/api/analysts/studio/me", headers: asSam })).json();
    const jo = (await app.inject({ method: "GET", url: "/api/analysts/studio/me", headers: asJo })).json();
    const asked = { weights: { 1: 100 }, control: 1, plannedPerVersion: 5000, why: "Plan the next test" };
    const byEditor = await app.inject({ method: "POST", url: "/api/analysts/flows/home-insurance/traffic", headers: asSam, payload: asked });
    const byPublisher = await app.inject({ method: "POST", url: "/api/analysts/flows/home-insurance/traffic", headers: asJo, payload: asked });

    expect(sam).toEqual({ name: "sam", role: "editor" });
    expect(jo).toEqual({ name: "jo", role: "publisher" });
    expect(byEditor.statusCode).toBe(403);
    expect(byPublisher.statusCode).toBe(200);
  });
});
