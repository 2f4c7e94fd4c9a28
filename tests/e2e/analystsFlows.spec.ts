import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./pageTest";
import { readFlowDoc } from "./flowDriver";
import { e2eAnalystAuthorization } from "./server";

// The analysts' pages are for analysts only: these tests read them as a script would, by HTTP Basic.
test.use({ extraHTTPHeaders: { authorization: e2eAnalystAuthorization } });

// The forms as written, read plainly here: the page is checked against the files, not against the server's reading.
const formsDir = fileURLToPath(new URL("../../forms/", import.meta.url));
const flows = readdirSync(formsDir)
  .map((id) => ({ id, versions: readdirSync(path.join(formsDir, id)).flatMap((f) => /^v(\d+)\.json$/.exec(f)?.[1] ?? []).map((v) => ({ version: Number(v) })) }))
  .filter((flow) => flow.versions.length > 0)
  .map((flow) => {
    const split = JSON.parse(readFileSync(path.join(formsDir, flow.id, "split.json"), "utf8")) as { default: number; weights: Record<string, number> };
    return { ...flow, path: readFlowDoc(flow.id, flow.versions[0]!.version).path, weights: split.weights, defaultVersion: split.default };
  });
const versionCount = flows.reduce((sum, flow) => sum + flow.versions.length, 0);

test("each flow's analysts' page shows every version with its picture, share and a link to try it, under the site's CSP", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) problems.push(message.text());
  });

  const response = await page.goto("/analysts/flows/");

  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("style-src 'self'");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quote flows and their tests");
  await expect(page.getByRole("list", { name: "Flows and their tests" }).getByRole("listitem")).toHaveCount(flows.length);
  let pictures = 0;
  for (const flow of flows) {
    await page.goto(`/analysts/flows/${flow.id}/`);
    pictures += await page.getByRole("img", { name: /^Step graph of / }).count();
    for (const { version } of flow.versions) {
      const name = `${flow.id} v${version}`;
      const article = page.getByRole("article", { name: new RegExp(`^v${version} · `) }).filter({ has: page.getByRole("link", { name: `Try ${name}`, exact: true }) });
      await expect(article, name).toContainText(`${flow.weights[String(version)] ?? 0}% of traffic${version === flow.defaultVersion ? ", the default" : ""}`);
      await expect(article.getByRole("link", { name: `Try ${name}`, exact: true })).toHaveAttribute("href", `/quote/${flow.path ? `${flow.path}/` : ""}?v=${version}`);
      const picture = article.getByRole("img", { name: new RegExp(`^Step graph of ${name}:`) });
      // Drawn, not just present: a picture the policy blocked would have no width.
      expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), name).toBe(true);
    }
  }
  expect(pictures).toBe(versionCount);
  expect(problems).toEqual([]);
});

test("the analysts' flows page stays out of the sitemap", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/quote/business-energy/");
  expect(sitemap).not.toContain("/analysts/");
});

test("lists a ?v= visitors asked for that names no version, counted when the page is served", async ({ page, request }) => {
  await page.goto("/quote/business-solar/?v=41");
  await expect(page.locator(".quote-flow")).toHaveAttribute("data-version", "1");

  const devPage = await (await request.get("/analysts/flows/business-solar/")).text();
  expect(devPage).toMatch(/Unknown versions asked for in business-solar">\n<li><code>\?v=41<\/code>: \d+ visits?, last on \d{4}-\d{2}-\d{2}<\/li>/);
});

test("trying a version from the flow's page opens that version as a preview, which sends no step to the experiment", async ({ page }) => {
  await page.goto("/analysts/flows/business-energy/");
  const beacons: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/events")) beacons.push(r.url());
  });

  await page.getByRole("link", { name: "Try business-energy v2", exact: true }).click();

  await expect(page.locator(".quote-flow")).toHaveAttribute("data-version", "2");
  await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
  await page.waitForLoadState("networkidle");
  expect(beacons).toEqual([]);
});
