import { expect, test } from "@playwright/test";
import { loadFlowCorpus } from "../../engine/node/formsFolder";

const flows = loadFlowCorpus().flows;
const versionCount = flows.reduce((sum, flow) => sum + flow.versions.length, 0);

test("the development page shows every flow version with its picture, share and a link to try it, under the site's CSP", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) problems.push(message.text());
  });

  const response = await page.goto("/dev/flows/");

  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("style-src 'self'");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quote flows and versions");
  await expect(page.getByRole("img", { name: /^Step graph of / })).toHaveCount(versionCount);
  for (const flow of flows) {
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
  expect(problems).toEqual([]);
});

test("the development page stays out of the sitemap", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/quote/business-energy/");
  expect(sitemap).not.toContain("/dev/");
});

test("trying a version from the page opens that version, and its funnel beacon is accepted", async ({ page }) => {
  await page.goto("/dev/flows/");
  const beacon = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.request().method() === "POST");

  await page.getByRole("link", { name: "Try business-energy v2", exact: true }).click();

  await expect(page.locator(".quote-flow")).toHaveAttribute("data-version", "2");
  const answer = await beacon;
  expect(answer.status()).toBe(204);
  // 204 means the route checked the flow, version and step against the catalogue and counted it.
  expect(answer.request().headers()["content-type"]).toBe("application/json");
});
