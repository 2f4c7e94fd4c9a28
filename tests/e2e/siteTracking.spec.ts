import { expect, test, type Page } from "./pageTest";
import { readDataLayer } from "./siteHelpers";

/** What local storage holds under a tracking key's own name. */
const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);
const CAMPAIGN = "?utm_source=bing&utm_medium=cpc&msclkid=M-123&keyword=business+water";

test("campaign keys reach the data layer at once, and are stored only once marketing is allowed", async ({ page }) => {
  await page.goto(`/business-water/${CAMPAIGN}`, { waitUntil: "networkidle" });
  expect(await readDataLayer(page)).toContainEqual({ event: "user_query_params", msclkid: "M-123" });
  for (const key of ["utm_source", "utm_medium", "msclkid", "keyword"]) expect(await stored(page, key)).toBeNull();

  await page.getByRole("button", { name: "Accept", exact: true }).click();
  await expect.poll(() => stored(page, "msclkid")).toContain("M-123");
  const saved = JSON.parse((await stored(page, "msclkid"))!) as Array<{ value: string; expires: number }>;
  const now = await page.evaluate(() => Date.now());
  expect(saved[0]!.expires - now).toBeGreaterThan(2_592_000_000 - 60_000);
  expect(saved[0]!.expires - now).toBeLessThanOrEqual(2_592_000_000);
  expect(JSON.parse((await stored(page, "keyword"))!)[0].value).toBe("business water");

  // A later visit from another campaign adds to the list rather than replacing it.
  await page.goto("/business-waste/?utm_source=newsletter");
  await expect.poll(() => stored(page, "utm_source")).toContain("newsletter");
  expect(JSON.parse((await stored(page, "utm_source"))!).map((entry: { value: string }) => entry.value)).toEqual(["bing", "newsletter"]);
});

test("with marketing refused, nothing is stored, and what was stored before is removed", async ({ page }) => {
  await page.goto(`/business-energy/${CAMPAIGN}`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Accept", exact: true }).click();
  await expect.poll(() => stored(page, "msclkid")).not.toBeNull();

  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  await page.getByRole("dialog", { name: "Cookie settings" }).getByRole("button", { name: "Reject" }).click();
  await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);

  await page.goto(`/home-energy/${CAMPAIGN}`, { waitUntil: "networkidle" });
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});
