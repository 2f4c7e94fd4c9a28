/**
 * A version published on the live site, in Chromium on the production server with the built site: the page the
 * server draws for it hydrates, its form step is checked by the validator the server precompiled (loaded from
 * /flow-assets/, under the unchanged Content Security Policy), and the visitor's lead is sent.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./pageTest";
import { loadSettings, root, startLeadServer, uncappedBuyersFile, type LeadServer } from "../../scripts/support/leadServer";
import { scratchAnalyst } from "../../scripts/support/scratchAnalyst";
import type { FlowDocument } from "../../engine/core/types";
import { driveFlow, readFlowDoc, sampleVisitor } from "./flowDriver";

let server: LeadServer;
let dir: string;
let authorization: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "switchplan-published-e2e-"));
  const analyst = await scratchAnalyst(dir);
  authorization = analyst.authorization;
  server = await startLeadServer({ ...loadSettings(dir, await uncappedBuyersFile(dir)), SITE_DIR: path.join(root, "dist/client"), ANALYSTS_FILE: analyst.file, MIN_FILL_MS: "0" });
});
test.afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

test("a visitor fills in a version published since the build, as they would a built one", async ({ page }) => {
  const doc = JSON.parse(await readFile(path.join(root, "forms/business-water/v1.json"), "utf8")) as Record<string, unknown>;
  const published = await fetch(`${server.url}/api/analysts/flows/business-water/versions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization, origin: server.url },
    body: JSON.stringify({ document: { ...doc, version: 2 }, why: "The same questions, to compare" }),
  });
  expect(published.status).toBe(201);
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  const assets: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/flow-assets/")) assets.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });

  await page.goto(`${server.url}/quote/business-water/?v=2`);
  await expect(page.locator("[data-flow-version='2']")).toBeVisible();
  const readDoc = (flowId: string, version: number) => (flowId === "business-water" && version === 2 ? { ...doc, version: 2 } : readFlowDoc(flowId, version)) as FlowDocument;
  const { code, steps } = await driveFlow(page, { visitor: sampleVisitor(), readDoc });

  expect(["1", "5", "6", "7", "8", "9", "10"], steps.join(" → ")).toContain(code);
  await expect(page.getByText("No need to do anything else – we'll be in touch shortly.")).toBeVisible();
  expect(assets).toContainEqual(expect.stringMatching(/^200 \/flow-assets\/business-water\/v2\/contact\.[0-9a-f]{16}\.js$/));
  expect(problems).toEqual([]);
});
