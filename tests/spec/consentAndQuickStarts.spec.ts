/** SPEC §4 and §2 in the browser: the cookie popup's ways out and scroll lock, and the landing pages' quick starts. */
import { expect, test, type Page } from "../e2e/pageTest";
import { serviceQuickStarts } from "../../site/content/quickStarts";
import { readFlowDoc } from "../e2e/flowDriver";
import { consentCookies } from "../e2e/siteHelpers";
import { CONSENT_BANNER_BUTTONS, CONSENT_POPUP_BUTTONS } from "./specEnumerations";
import { RADIO_QUICK_START } from "./specTables";

const banner = (page: Page) => page.getByRole("region", { name: "Cookies on this site" });
const popup = (page: Page) => page.getByRole("dialog", { name: "Cookie settings" });

/** Whether the page can scroll: neither the root nor the body hides its overflow. */
const scrollLocked = (page: Page) =>
  page.evaluate(() => [document.documentElement, document.body].some((element) => getComputedStyle(element).overflow === "hidden"));

async function openPopup(page: Page, path = "/business-energy/") {
  await page.goto(path);
  await banner(page).getByRole("button", { name: "Customise" }).click();
  await expect(popup(page)).toBeVisible();
  expect(await scrollLocked(page)).toBe(true);
}

test.describe("§4 the cookie banner and popup", () => {
  test("the banner offers Accept, Reject and Customise; the popup Save & Close, Reject and Accept All", async ({ page }) => {
    await openPopup(page);
    await expect(banner(page).getByRole("button")).toHaveText([...CONSENT_BANNER_BUTTONS]);
    await expect(popup(page).locator(".consent-buttons button")).toHaveText([...CONSENT_POPUP_BUTTONS]);
  });

  for (const { way, close } of [
    { way: "its close button", close: (page: Page) => popup(page).getByRole("button", { name: "Close without saving" }).click() },
    { way: "Escape", close: (page: Page) => page.keyboard.press("Escape") },
  ]) {
    test(`closes without saving by ${way}, and the page scrolls again`, async ({ page, context }) => {
      await openPopup(page);
      await close(page);
      await expect(popup(page)).toBeHidden();
      expect(await consentCookies(context)).toEqual({});
      expect(await scrollLocked(page)).toBe(false);
      await page.mouse.wheel(0, 800);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    });
  }

  test("closes through its privacy link, which opens the privacy page, scrollable and unsaved", async ({ page, context }) => {
    await openPopup(page);
    await popup(page).getByRole("link", { name: "Read our privacy policy" }).click();
    await expect(popup(page)).toBeHidden();
    await expect(page).toHaveURL(/\/legal\/privacy-policy\/#cookies$/);
    expect(await consentCookies(context)).toEqual({});
    expect(await scrollLocked(page)).toBe(false);
  });

  for (const button of CONSENT_POPUP_BUTTONS) {
    test(`${button} saves, closes banner and popup, and releases the scroll lock`, async ({ page, context }) => {
      await openPopup(page);
      await popup(page).getByRole("button", { name: button, exact: true }).click();
      await expect(popup(page)).toBeHidden();
      await expect(banner(page)).toBeHidden();
      await expect.poll(async () => (await consentCookies(context))._sp_consent_chosen).toBe("1");
      expect(await scrollLocked(page)).toBe(false);
    });
  }
});

/** The radio quick starts: the landing page each stands on, and what it asks. */
const RADIO_BOXES = Object.entries(serviceQuickStarts).flatMap(([service, box]) => (box.kind === "serviceType" ? [{ page: `/${service}/`, box }] : []));

test.describe("§2 the radio quick starts", () => {
  test("stand on the broadband, generators and insurance pages", () => {
    expect(RADIO_BOXES.map((b) => b.page).sort()).toEqual(["/business-broadband/", "/business-energy-generators/", "/business-insurance/"]);
  });

  for (const { page: landing, box } of RADIO_BOXES) {
    for (const [label, flowId] of [
      [RADIO_QUICK_START.business, box.business],
      [box.otherLabel, box.other],
    ] as const) {
      test(`${landing}: ${label} goes straight to that quote page with its service type`, async ({ page }) => {
        await page.goto(landing);
        const group = page.getByRole("group", { name: box.question }).first();
        await group.getByRole("radio", { name: label, exact: true }).check();
        await page.locator("form.quick-start--choice").first().getByRole("button", { name: "Get a quote" }).click();
        await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
        await expect(page.locator(".quote-flow")).toHaveAttribute("data-flow", flowId);
        const flow = readFlowDoc(flowId, 1);
        const url = new URL(page.url());
        expect(url.pathname).toBe(`/quote/${flow.path}/`);
        expect(url.searchParams.get("serviceType")).toBe(flow.serviceType);
      });
    }
  }
});
