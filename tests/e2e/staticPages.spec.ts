import { expect, test } from "@playwright/test";
import { chooseConsentBeforehand } from "./siteHelpers";

const GUIDE = "/business-energy/guides/how-to-read-your-business-energy-bill/";

test.beforeEach(async ({ context, baseURL }) => chooseConsentBeforehand(context, baseURL!));

test("a guide loads without the app, and the first link a visitor follows still opens inside the app with focus on the page", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(GUIDE, { waitUntil: "networkidle" });
  expect(scripts.filter((file) => file.includes("fullApp")), "the app is not fetched while the page loads").toEqual([]);

  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("navigation", { name: "Services" }).getByRole("link", { name: "Water" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Compare business water retailers" })).toBeVisible();
  await expect(page).toHaveTitle(/Business Water/);
  await expect(page.locator("#main")).toBeFocused();
  expect(await page.evaluate(() => "sameDocument" in window), "the page opened inside the app").toBe(true);
  expect(errors).toEqual([]);
});

test("the quote page starts its form at once", async ({ page }) => {
  await page.goto("/quote/business-energy/");
  await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
});
