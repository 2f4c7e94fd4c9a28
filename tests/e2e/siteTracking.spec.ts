import { expect, test, type Page } from "@playwright/test";
import { readDataLayer } from "./siteHelpers";

const stored = (page: Page) => page.evaluate(() => localStorage.getItem("sp_tracking"));
const CAMPAIGN = "?utm_source=bing&utm_medium=cpc&msclkid=M-123&keyword=business+water";

test("campaign keys reach the data layer at once, and are stored only once marketing is allowed", async ({ page }) => {
  await page.goto(`/business-water/${CAMPAIGN}`, { waitUntil: "networkidle" });
  expect(await readDataLayer(page)).toContainEqual({
    event: "user_query_params",
    utm_source: "bing",
    utm_medium: "cpc",
    msclkid: "M-123",
    keyword: "business water",
  });
  expect(await stored(page)).toBeNull();

  await page.getByRole("button", { name: "Accept", exact: true }).click();
  await expect.poll(() => stored(page)).toContain("M-123");
  const saved = JSON.parse((await stored(page))!) as Record<string, Array<{ value: string; expires: number }>>;
  const now = await page.evaluate(() => Date.now());
  expect(saved.msclkid![0]!.expires - now).toBeGreaterThan(2_592_000_000 - 60_000);
  expect(saved.msclkid![0]!.expires - now).toBeLessThanOrEqual(2_592_000_000);

  // A later visit from another campaign adds to the list rather than replacing it.
  await page.goto("/business-waste/?utm_source=newsletter");
  await expect.poll(() => stored(page)).toContain("newsletter");
  expect(JSON.parse((await stored(page))!).utm_source.map((entry: { value: string }) => entry.value)).toEqual(["bing", "newsletter"]);
});

test("with marketing refused, nothing is stored, and what was stored before is removed", async ({ page }) => {
  await page.goto(`/business-energy/${CAMPAIGN}`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Accept", exact: true }).click();
  await expect.poll(() => stored(page)).not.toBeNull();

  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  await page.getByRole("dialog", { name: "Cookie settings" }).getByRole("button", { name: "Reject" }).click();
  await expect.poll(() => stored(page)).toBeNull();

  await page.goto(`/home-energy/${CAMPAIGN}`, { waitUntil: "networkidle" });
  expect(await stored(page)).toBeNull();
});
