/**
 * The flow studio inside the live preview (npm run preview:flows) on a scratch copy of forms/: its pages, its API,
 * a save the preview shows at once, and never `npm start` nor a preview listening beyond loopback.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultFormsDir } from "../../engine/node/formsFolder";
import { formatJson } from "../../engine/studio/jsonStyle";
import { startLivePreview, type LivePreview } from "../../scripts/livePreview";
import { chromiumArgs, chromiumPath } from "../../scripts/support/chromium";
import { textHash } from "../../server/studio/flowFolder";
import { startTestServer } from "./testServer";

const PREVIEW_TIMEOUT = 90_000;

let scratch: string;
let preview: LivePreview;
let browser: Browser;
beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "studio-preview-"));
  cpSync(defaultFormsDir, path.join(scratch, "forms"), { recursive: true });
  preview = await startLivePreview({ ...process.env, FORMS_DIR: path.join(scratch, "forms"), DATA_DIR: path.join(scratch, "data"), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "error" });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}, PREVIEW_TIMEOUT);
afterAll(async () => {
  await browser?.close();
  await preview?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const get = (address: string) => fetch(new URL(address, preview.url), { redirect: "manual" });

describe("the flow studio in the live preview", { timeout: PREVIEW_TIMEOUT }, () => {
  it.each([
    ["/studio/", 200],
    ["/studio/business-water/v1", 200],
    ["/studio/business-energy/v3", 200],
    ["/studio/preview/", 200],
    ["/studio/business-water/v9", 404],
    ["/studio/no-such-flow/v1", 404],
    ["/studio/business-water/", 404],
    ["/studio/business-water/v1/extra", 404],
  ])("answers %s with the studio's page and %i", async (address, status) => {
    const res = await get(address);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain("<title>Flow studio</title>");
    expect(html).toContain('<div id="studio"></div>');
    expect(html).toContain('src="/studio/main.tsx"');
    // Through Vite, so its modules load in the browser; and none of the site's tags.
    expect(html).toContain("/@vite/client");
    expect(html).not.toContain("consent-banner");
  });

  it("sends /studio to /studio/, and the studio's modules come from Vite", async () => {
    const bare = await get("/studio");
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe("/studio/");
    const main = await get("/studio/main.tsx");
    expect(main.status).toBe(200);
    expect(main.headers.get("content-type")).toContain("javascript");
  });

  it("answers the API through the preview", async () => {
    const res = await get("/studio/api/flows");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { flows: Array<{ id: string }> };
    expect(body.flows.map((f) => f.id)).toContain("business-water");
    expect((await get("/studio/api/flows/no-such-flow")).status).toBe(404);
  });

  it("shows a version saved through the studio at ?v=N right after the save", async () => {
    const { files } = (await (await get("/studio/api/flows/business-water")).json()) as { files: Record<string, { text: string; hash: string }> };
    const doc = JSON.parse(files["v1.json"]!.text) as { version: number; description: string; steps: Array<{ question?: string }> };
    doc.version = 2;
    doc.description = "Sites asked about as premises.";
    doc.steps[0]!.question = "How many premises does your business have?";
    const split = formatJson({ ...(JSON.parse(files["split.json"]!.text) as object), weights: { "1": 50, "2": 50 } });
    const res = await fetch(new URL("/studio/api/flows/business-water/save", preview.url), {
      method: "POST",
      headers: { "content-type": "application/json", origin: preview.url.replace(/\/$/, "") },
      body: JSON.stringify({ files: { "v2.json": { text: formatJson(doc), base: null }, "split.json": { text: split, base: files["split.json"]!.hash } }, confirm: true }),
    });
    expect(res.status).toBe(200);
    expect(readFileSync(path.join(scratch, "forms", "business-water", "v2.json"), "utf8")).toBe(formatJson(doc));
    expect(((await res.json()) as { files: Record<string, { hash: string }> }).files["v2.json"]!.hash).toBe(textHash(formatJson(doc)));

    // The server read it at once: the flow's analysts' page lists the new version.
    expect(await (await get("/analysts/flows/business-water/")).text()).toContain("Sites asked about as premises.");
    // And the quote page shows it.
    const page = await browser.newPage();
    try {
      await page.goto(new URL("/quote/business-water/?v=2", preview.url).href);
      await page.locator(".step-heading", { hasText: "How many premises does your business have?" }).waitFor({ timeout: 20_000 });
    } finally {
      await page.close();
    }
  });

  it("keeps an open studio page as it is when a save changes the forms folder, while the site's pages reload", async () => {
    const studio = await browser.newPage();
    const quote = await browser.newPage();
    try {
      const connected = studio.waitForEvent("console", (message) => message.text().includes("[vite] connected"));
      await studio.goto(new URL("/studio/business-water/v1", preview.url).href);
      await connected;
      await studio.evaluate(() => Object.assign(window, { openedOnce: true }));
      await quote.goto(new URL("/quote/business-water/?v=1", preview.url).href);
      const heading = quote.locator(".step-heading");
      await heading.waitFor();

      const { files } = (await (await get("/studio/api/flows/business-water")).json()) as { files: Record<string, { text: string; hash: string }> };
      const draft = files["v1.json"]!.text.replace("How many sites does your business have?", "How many sites do you run?");
      const saved = await fetch(new URL("/studio/api/flows/business-water/save", preview.url), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ files: { "v1.json": { text: draft, base: files["v1.json"]!.hash } }, confirm: true }),
      });
      expect(saved.status).toBe(200);
      // The site's page reloads with the new wording; by then the studio's page would have been told to reload too.
      await quote.locator(".step-heading", { hasText: "How many sites do you run?" }).waitFor({ timeout: 20_000 });
      expect(await studio.evaluate(() => (window as { openedOnce?: boolean }).openedOnce)).toBe(true);
    } finally {
      await studio.close();
      await quote.close();
    }
  });
});

describe("the flow studio elsewhere", { timeout: PREVIEW_TIMEOUT }, () => {
  it("is not served by npm start", async () => {
    const server = await startTestServer();
    try {
      for (const url of ["/studio/", "/studio/business-water/v1", "/studio/api/flows"]) {
        expect((await server.app.inject(url)).statusCode, url).toBe(404);
      }
      const save = await server.app.inject({ method: "POST", url: "/studio/api/flows/business-water/save", payload: { files: {}, confirm: true } });
      expect(save.statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("is refused when the preview listens beyond loopback", async () => {
    const dataDir = path.join(scratch, "data-wide");
    const wide = await startLivePreview({ ...process.env, FORMS_DIR: path.join(scratch, "forms"), DATA_DIR: dataDir, PORT: "0", HOST: "0.0.0.0", PUBLIC_ORIGIN: "http://127.0.0.1", LOG_LEVEL: "error" });
    try {
      const port = new URL(wide.url).port;
      for (const address of ["/studio/", "/studio/api/flows"]) {
        const res = await fetch(`http://127.0.0.1:${port}${address}`);
        expect(res.status).toBe(403);
        expect(await res.text()).toContain("served only when the preview listens on loopback");
      }
    } finally {
      await wide.close();
    }
  });
});
