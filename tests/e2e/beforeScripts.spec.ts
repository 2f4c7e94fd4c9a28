import { expect, test, type Page } from "./pageTest";
import { consentCookies, readDataLayer } from "./siteHelpers";

const banner = (page: Page) => page.getByRole("region", { name: "Cookies on this site" });
const ACCEPTED = { _sp_consent_chosen: "1", _sp_analytics_on: "1", _sp_marketing_on: "1" };

/** Holds every script the page asks for until the returned function is called: a very slow connection. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.m?js(\?|$)/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

test.describe("with scripts blocked", () => {
  test.use({ javaScriptEnabled: false });

  test("the cookie banner shows, and Accept records the choice and comes back to the page without the banner", async ({ page, context }) => {
    await page.goto("/business-energy/?utm_source=newsletter");
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole("button", { name: "Accept", exact: true }).click();

    await expect(page).toHaveURL(/\/business-energy\/\?utm_source=newsletter#main$/);
    expect(await consentCookies(context)).toEqual(ACCEPTED);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business electricity and gas, compared");
    await expect(banner(page)).toBeHidden();
  });

  test("Customise leads to the cookie settings, whose Save & Close keeps what was switched", async ({ page, context }) => {
    await page.goto("/home-energy/");
    await banner(page).getByRole("button", { name: "Customise" }).click();
    await expect(page.getByRole("heading", { name: "Cookie settings" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Essential" })).toBeDisabled();
    await page.getByRole("checkbox", { name: "Marketing" }).uncheck();
    await page.getByRole("button", { name: "Save & Close" }).click();

    await expect(page).toHaveURL(/\/home-energy\/#main$/);
    expect(await consentCookies(context)).toEqual({ _sp_consent_chosen: "1", _sp_analytics_on: "1", _sp_marketing_on: "0" });
    await expect(banner(page)).toBeHidden();
  });

  test("the first quote answer goes to the next step's own address, and the flow goes on from there once scripts run", async ({ page, browser, context }) => {
    await page.goto("/quote/business-credit-cards/");
    await page.getByRole("radio", { name: "Shop or retail" }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/quote\/business-credit-cards\/\?step=structure$/);
    await expect(page.getByRole("heading", { name: "How is your business set up?" })).toBeVisible();

    // The same visitor later, with scripts running (a context made here takes this block's options unless told).
    const withScripts = await browser.newContext({ javaScriptEnabled: true });
    await withScripts.addCookies(await context.cookies());
    const later = await withScripts.newPage();
    await later.goto(page.url());
    await expect(later.locator(".quote-page")).toHaveAttribute("data-ready", "true");
    await expect(later.getByRole("heading", { name: "How is your business set up?" })).toBeVisible();
    await later.getByRole("button", { name: "Back" }).click();
    await expect(later.getByRole("radio", { name: "Shop or retail" })).toBeChecked();
    await withScripts.close();
  });
});

test.describe("with scripts held back while the visitor clicks", () => {
  test("Accept is recorded before the scripts arrive, and the page tells Tag Manager once they do", async ({ page, context }) => {
    const release = await holdScripts(page);
    await page.goto("/business-energy/", { waitUntil: "commit" });
    await banner(page).getByRole("button", { name: "Accept", exact: true }).click();

    await expect(banner(page)).toBeHidden();
    expect(await consentCookies(context)).toEqual(ACCEPTED);
    release();
    await expect
      .poll(() => readDataLayer(page))
      .toContainEqual(["gtag", "consent", "update", { ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted", analytics_storage: "granted" }]);
  });

  test("the first quote answer given before the scripts arrive is taken by the server, whose next step the scripts take over, keeping the page's query", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/quote/business-credit-cards/?utm_campaign=spring", { waitUntil: "commit" });
    await page.getByRole("radio", { name: "Shop or retail" }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?utm_campaign=spring&step=structure$/);
    release();

    // The page's script takes the server's step over; the address keeps the campaign and loses the step.
    await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
    await expect(page).toHaveURL(/\?utm_campaign=spring$/);
    await expect(page.getByRole("heading", { name: "How is your business set up?" })).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("radio", { name: "Shop or retail" })).toBeChecked();
  });

  test("an option tapped before the scripts arrive counts, as a tap does once they run", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/quote/business-credit-cards/", { waitUntil: "commit" });
    await page.getByRole("radio", { name: "Shop or retail" }).check();
    release();

    await expect(page.getByRole("heading", { name: "How is your business set up?" })).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("radio", { name: "Shop or retail" })).toBeChecked();
  });

  test("a tap pressed before the scripts take the page over and lifted after chooses its option, and the query's postcode still fills the address", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/quote/business-energy/?v=1&postcode=SW1A%201AA&tm=1", { waitUntil: "commit" });
    const electricity = page.getByRole("radio", { name: "Electricity", exact: true });
    const option = (await electricity.boundingBox())!;
    await page.mouse.move(option.x + option.width / 2, option.y + option.height / 2);
    await page.mouse.down();
    release();
    await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
    await page.mouse.up();

    // The press began before the page's script could see it, so the option is chosen and Next moves on.
    await expect(electricity).toBeChecked();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.locator("h2.step-heading")).toHaveText("Roughly how much does your business spend on energy each month?");
    for (const answer of ["Under £1,000", "No", "It has already ended", "British Gas"]) {
      await page.getByRole("radio", { name: answer, exact: true }).click();
    }
    await expect(page.getByLabel("Postcode")).toHaveValue("SW1A 1AA");
  });
});

test("once the scripts run, Reject is handled in the page: no reload, and the page's event fires", async ({ page, context }) => {
  // goto waits for the page's code to start (pageTest.ts).
  await page.goto("/business-energy/");
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await banner(page).getByRole("button", { name: "Reject" }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => consentCookies(context)).toEqual({ _sp_consent_chosen: "1", _sp_analytics_on: "0", _sp_marketing_on: "0" });
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect.poll(() => readDataLayer(page)).toContainEqual({ event: "cookie_consent_chosen", consent_analytics: false, consent_marketing: false });
});
