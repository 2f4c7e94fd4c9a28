import { expect, test } from "./pageTest";
import { chooseConsentBeforehand, consentCookies } from "./siteHelpers";

const GUIDE = "/business-energy/guides/how-to-read-your-business-energy-bill/";
/** Version 1, whose first question is the one asked here (a visit may otherwise be given another version). */
const QUOTE = "/quote/business-energy/?v=1";

/** Scripts the page fetched, and errors it reported. */
function watch(page: import("@playwright/test").Page): { scripts: string[]; errors: string[] } {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  return { scripts, errors };
}

const markDocument = (page: import("@playwright/test").Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: import("@playwright/test").Page) => page.evaluate(() => "sameDocument" in window);

test("a guide loads without the app, and the first link a visitor follows still opens inside the app with focus on the page", async ({
  page,
  context,
  baseURL,
}) => {
  await chooseConsentBeforehand(context, baseURL!);
  const { scripts, errors } = watch(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(GUIDE, { waitUntil: "networkidle" });
  expect(scripts.filter((file) => file.includes("fullApp")), "the app is not fetched while the page loads").toEqual([]);

  await markDocument(page);
  await page.getByRole("navigation", { name: "Services" }).getByRole("link", { name: "Water" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Compare business water retailers" })).toBeVisible();
  await expect(page).toHaveTitle(/Business Water/);
  await expect(page.locator("#main")).toBeFocused();
  expect(await sameDocument(page), "the page opened inside the app").toBe(true);
  expect(errors).toEqual([]);
});

test("the quote page starts its form without the router, and its Home link opens the home page inside the app", async ({
  page,
  context,
  baseURL,
}) => {
  await chooseConsentBeforehand(context, baseURL!);
  const { scripts, errors } = watch(page);
  await page.goto(QUOTE, { waitUntil: "networkidle" });
  await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
  expect(scripts.filter((file) => file.includes("fullApp")), "the app is not fetched while the page loads").toEqual([]);

  // Answering moves the form on: it is React's from the first load.
  await page.getByRole("radio", { name: "Gas", exact: true }).click();
  await expect(page.getByRole("radio", { name: "Gas", exact: true })).toBeHidden();
  await markDocument(page);
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Compare business energy and save" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("#main")).toBeFocused();
  expect(await sameDocument(page), "the home page opened inside the app").toBe(true);
  // The whole app runs now: the header's links move within it too.
  await page.getByRole("link", { name: "Get a quote" }).first().click();
  await expect(page).toHaveURL(/\/quote\/$/);
  await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
  expect(await sameDocument(page)).toBe(true);
  expect(errors).toEqual([]);
});

test("on the quote page's first load, Customise opens the cookie settings, and a choice there is recorded", async ({ page, context }) => {
  const { errors } = watch(page);
  await page.goto(QUOTE);
  await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
  await page.getByRole("region", { name: "Cookies on this site" }).getByRole("button", { name: "Customise" }).click();
  const popup = page.getByRole("dialog", { name: "Cookie settings" });
  await expect(popup).toBeVisible();
  await popup.getByRole("switch", { name: "Analytics" }).click();
  await popup.getByRole("button", { name: "Save & Close" }).click();
  await expect(popup).toBeHidden();
  await expect.poll(() => consentCookies(context)).toEqual({ _sp_consent_chosen: "1", _sp_analytics_on: "0", _sp_marketing_on: "1" });
  // The form still answers after the popup has gone.
  await page.getByRole("radio", { name: "Gas", exact: true }).click();
  await expect(page.getByRole("radio", { name: "Gas", exact: true })).toBeHidden();
  expect(errors).toEqual([]);
});
