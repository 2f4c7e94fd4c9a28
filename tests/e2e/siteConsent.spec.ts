import { expect, test, type Page } from "./pageTest";
import { chooseConsentBeforehand, consentCookies, DENIED, GRANTED, readDataLayer } from "./siteHelpers";

const banner = (page: Page) => page.getByRole("region", { name: "Cookies on this site" });
const popup = (page: Page) => page.getByRole("dialog", { name: "Cookie settings" });
const consentUpdate = (analytics: boolean, marketing: boolean) => [
  "gtag",
  "consent",
  "update",
  {
    ad_storage: marketing ? "granted" : "denied",
    ad_user_data: marketing ? "granted" : "denied",
    ad_personalization: marketing ? "granted" : "denied",
    analytics_storage: analytics ? "granted" : "denied",
  },
];

test.beforeEach(async ({ page }) => {
  // Records the page's cookieConsentChosen events, in the order they fire among the data-layer pushes.
  await page.addInitScript(() => {
    window.addEventListener("cookieConsentChosen", (event) => {
      (window as unknown as { consentEvents: unknown[] }).consentEvents ??= [];
      (window as unknown as { consentEvents: unknown[] }).consentEvents.push({
        detail: (event as CustomEvent).detail,
        dataLayerLength: window.dataLayer?.length,
      });
    });
  });
});

const consentEvents = (page: Page) => page.evaluate(() => (window as unknown as { consentEvents?: unknown[] }).consentEvents ?? []);

test.describe("the cookie banner", () => {
  for (const { button, analytics, marketing } of [
    { button: "Accept", analytics: true, marketing: true },
    { button: "Reject", analytics: false, marketing: false },
  ]) {
    test(`${button} records the choice, closes the banner and tells Tag Manager and the page, in order`, async ({ page, context }) => {
      await page.goto("/business-energy/");
      await expect(banner(page)).toBeVisible();
      expect(await consentCookies(context)).toEqual({});
      expect(await readDataLayer(page)).toEqual([["gtag", "consent", "default", DENIED]]);

      await banner(page).getByRole("button", { name: button, exact: true }).click();
      await expect(banner(page)).toBeHidden();
      await expect
        .poll(() => consentCookies(context))
        .toEqual({
          _sp_consent_chosen: "1",
          _sp_analytics_on: analytics ? "1" : "0",
          _sp_marketing_on: marketing ? "1" : "0",
        });
      await expect
        .poll(() => readDataLayer(page))
        .toEqual([
          ["gtag", "consent", "default", DENIED],
          consentUpdate(analytics, marketing),
          { event: "cookie_consent_chosen", consent_analytics: analytics, consent_marketing: marketing },
        ]);
      expect(await consentEvents(page)).toEqual([{ detail: { analytics, marketing }, dataLayerLength: 2 }]);

      await page.goto("/business-water/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(banner(page)).toBeHidden();
      expect(await readDataLayer(page)).toEqual([["gtag", "consent", "default", DENIED], consentUpdate(analytics, marketing)]);
    });
  }

  test("Customise opens the popup: analytics and marketing on, essential on and locked; Save & Close keeps what was switched", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Customise" }).click();
    await expect(popup(page)).toBeVisible();
    const essential = popup(page).getByRole("switch", { name: "Essential" });
    await expect(essential).toBeChecked();
    await expect(essential).toBeDisabled();
    await expect(popup(page).getByRole("switch", { name: "Analytics" })).toBeChecked();
    await expect(popup(page).getByRole("switch", { name: "Marketing" })).toBeChecked();

    await popup(page).getByRole("switch", { name: "Marketing" }).click();
    await popup(page).getByRole("button", { name: "Save & Close" }).click();
    await expect(popup(page)).toBeHidden();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => consentCookies(context)).toEqual({ _sp_consent_chosen: "1", _sp_analytics_on: "1", _sp_marketing_on: "0" });
    expect(await readDataLayer(page)).toEqual([
      ["gtag", "consent", "default", DENIED],
      consentUpdate(true, false),
      { event: "cookie_consent_chosen", consent_analytics: true, consent_marketing: false },
    ]);
  });

  for (const { button, value } of [
    { button: "Reject", value: "0" },
    { button: "Accept All", value: "1" },
  ]) {
    test(`the popup's ${button} records that choice for both kinds and closes both`, async ({ page, context }) => {
      await page.goto("/");
      await banner(page).getByRole("button", { name: "Customise" }).click();
      await popup(page).getByRole("button", { name: button, exact: true }).click();
      await expect(popup(page)).toBeHidden();
      await expect(banner(page)).toBeHidden();
      await expect
        .poll(() => consentCookies(context))
        .toEqual({ _sp_consent_chosen: "1", _sp_analytics_on: value, _sp_marketing_on: value });
      expect(await consentEvents(page)).toHaveLength(1);
    });
  }

  test("the popup closes without saving by its close button or Escape, and locks the page's scrolling while open", async ({
    page,
    context,
  }) => {
    await page.goto("/business-energy/");
    await banner(page).getByRole("button", { name: "Customise" }).click();
    await expect(popup(page)).toBeVisible();
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");

    await popup(page).getByRole("button", { name: "Close without saving" }).click();
    await expect(popup(page)).toBeHidden();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Customise" })).toBeFocused();
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await banner(page).getByRole("button", { name: "Customise" }).click();
    await page.keyboard.press("Escape");
    await expect(popup(page)).toBeHidden();
    expect(await consentCookies(context)).toEqual({});
    expect(await consentEvents(page)).toEqual([]);
  });

  test("the popup's privacy link closes it without saving and opens the privacy policy", async ({ page, context }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Customise" }).click();
    await popup(page).getByRole("link", { name: "Read our privacy policy" }).click();
    await expect(popup(page)).toBeHidden();
    await expect(page).toHaveURL(/\/legal\/privacy-policy\/#cookies$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cookies and similar storage" })).toBeInViewport();
    await expect(banner(page)).toBeVisible();
    expect(await consentCookies(context)).toEqual({});
  });

  test("the popup keeps keyboard focus inside it", async ({ page }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Customise" }).click();
    const close = popup(page).getByRole("button", { name: "Close without saving" });
    const acceptAll = popup(page).getByRole("button", { name: "Accept All" });
    await expect(close).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(acceptAll).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
    }
  });
});

test("a returning visitor sees no banner, and Tag Manager gets the saved choice right after the defaults", async ({
  page,
  context,
  baseURL,
}) => {
  await chooseConsentBeforehand(context, baseURL!, { analytics: true, marketing: false });
  await page.goto("/quote/business-energy/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  const dataLayer = await readDataLayer(page);
  expect(dataLayer.slice(0, 2)).toEqual([["gtag", "consent", "default", DENIED], consentUpdate(true, false)]);
});

test("Cookie settings at the foot of every page reopens the popup with the saved choice, and a change is recorded", async ({
  page,
  context,
  baseURL,
}) => {
  await chooseConsentBeforehand(context, baseURL!);
  await page.goto("/business-waste/");
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  await expect(popup(page).getByRole("switch", { name: "Marketing" })).toBeChecked();
  await popup(page).getByRole("button", { name: "Reject" }).click();
  await expect.poll(() => consentCookies(context)).toEqual({ _sp_consent_chosen: "1", _sp_analytics_on: "0", _sp_marketing_on: "0" });
  const dataLayer = await readDataLayer(page);
  expect(dataLayer[0]).toEqual(["gtag", "consent", "default", DENIED]);
  expect(dataLayer[1]).toEqual(["gtag", "consent", "update", GRANTED]);
  expect(dataLayer.slice(-2)).toEqual([
    consentUpdate(false, false),
    { event: "cookie_consent_chosen", consent_analytics: false, consent_marketing: false },
  ]);
});
