import { expect, test, type Page } from "./pageTest";
import { driveFlow } from "./flowDriver";
import { chooseConsentBeforehand } from "./siteHelpers";

const PHONE = { width: 390, height: 844 };
const banner = (page: Page) => page.getByRole("region", { name: "Cookies on this site" });
const summary = (page: Page) => page.getByRole("alert").filter({ hasText: "Please fix the following issues:" });

test.describe("a visitor who has chosen cookies", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await chooseConsentBeforehand(context, baseURL!);
  });

  test("an empty postcode is required, a wrong one invalid, each linked from the summary to the field", async ({ page }) => {
    await page.goto("/quote/business-water/");
    await driveFlow(page, { stopAt: "address" });
    await page.getByRole("button", { name: "Find address" }).click();
    await expect(summary(page).getByRole("link")).toHaveText("Postcode is required");

    await page.getByLabel("Postcode").fill("LS1");
    await page.getByRole("button", { name: "Find address" }).click();
    await expect(summary(page).getByRole("link")).toHaveText("Postcode is invalid");
    await summary(page).getByRole("link").click();
    await expect(page.getByLabel("Postcode")).toBeFocused();
  });

  test("the consent beside the submit button links the privacy policy, in a new tab so the answers stay", async ({ page }) => {
    await page.goto("/quote/business-water/");
    await driveFlow(page, { stopAt: "contact" });
    const link = page.locator(".consent-text").getByRole("link", { name: "privacy policy (opens in a new tab)" });
    await expect(link).toHaveAttribute("href", "/legal/privacy-policy/");
    await expect(link).toHaveAttribute("target", "_blank");
  });

  for (const { path, offer, not } of [
    { path: "/home-energy/", offer: "cut your bills at home", not: "Business energy market news" },
    { path: "/quote/home-water/", offer: "cut your bills at home", not: "Business energy market news" },
    { path: "/business-energy/", offer: "Business energy market news", not: "at home" },
  ]) {
    test(`the newsletter on ${path} speaks to its audience`, async ({ page }) => {
      await page.goto(path);
      const newsletter = page.getByRole("region", { name: "Subscribe Now" });
      await newsletter.scrollIntoViewIfNeeded();
      await expect(newsletter).toContainText(offer);
      await expect(newsletter).not.toContainText(not);
    });
  }

  test("on a phone each broadband deal's date says it is when the offer ends", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/quote/home-broadband/");
    await driveFlow(page, { stopAt: "deals" });
    const table = page.getByRole("table", { name: "Broadband deals available now" });
    const dates = table.getByRole("cell").filter({ hasText: /\d{4}$/ });
    await expect(dates.first()).toBeVisible();
    for (const text of await dates.allInnerTexts()) expect(text).toMatch(/^Offer ends \d{1,2} \w+ \d{4}$/);
    await expect(table.getByRole("columnheader", { name: "Offer ends" })).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(table.getByRole("columnheader", { name: "Offer ends" })).toBeVisible();
    expect(await dates.first().innerText()).toMatch(/^\d{1,2} \w+ \d{4}$/);
  });
});

test.describe("the cookie banner on a phone", () => {
  test.use({ viewport: PHONE });

  test("covers under a quarter of the screen, with Accept, Reject and Customise the same size and look, side by side", async ({ page }) => {
    await page.goto("/quote/business-energy/");
    const box = (await banner(page).boundingBox())!;
    expect(box.height / PHONE.height).toBeLessThan(0.25);

    const buttons = ["Accept", "Reject", "Customise"].map((name) => banner(page).getByRole("button", { name, exact: true }));
    const boxes = await Promise.all(buttons.map(async (b) => (await b.boundingBox())!));
    const looks = await Promise.all(buttons.map((b) => b.evaluate((el) => { const s = getComputedStyle(el); return [s.backgroundColor, s.color, s.fontWeight, s.fontSize].join(" "); })));
    for (const other of boxes.slice(1)) {
      expect(Math.abs(other.width - boxes[0]!.width)).toBeLessThan(1);
      expect(Math.abs(other.height - boxes[0]!.height)).toBeLessThan(1);
      expect(other.y).toBeCloseTo(boxes[0]!.y, 0);
    }
    expect(boxes[0]!.height).toBeGreaterThanOrEqual(44);
    expect(new Set(looks).size).toBe(1);
  });
});

/** How many Tabs take focus to an answer (a radio), giving up after ten. */
async function tabsToFirstAnswer(page: Page): Promise<number> {
  let tabs = 0;
  while (tabs < 10 && !(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === "radio"))) {
    await page.keyboard.press("Tab");
    tabs++;
  }
  return tabs;
}

test.describe("focus after a cookie choice", () => {
  // The credit card flow has one version, whose first question is a choice.
  test("goes back to what the visitor had focused before reaching the banner", async ({ page }) => {
    await page.goto("/quote/business-credit-cards/");
    const firstAnswer = page.getByRole("radio").first();
    await firstAnswer.focus();
    await banner(page).getByRole("button", { name: "Accept", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toBeHidden();
    await expect(firstAnswer).toBeFocused();
  });

  test("before the page's script arrives, Accept reloads the page at its main content, a Tab away from the first answer", async ({ page, context }) => {
    // A very slow connection: the page's script is held until the choice has been posted as the banner's plain form.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto("/quote/business-credit-cards/", { waitUntil: "commit" });
    await page.getByRole("radio").first().focus();
    await banner(page).getByRole("button", { name: "Accept", exact: true }).focus();
    await Promise.all([page.waitForURL(/\/quote\/business-credit-cards\/#main$/, { waitUntil: "commit" }), page.keyboard.press("Enter")]);
    release();

    expect((await context.cookies()).find((c) => c.name === "_sp_consent_chosen")?.value).toBe("1");
    await expect(banner(page)).toBeHidden();
    await expect(page.locator("#main")).toBeFocused();
    expect(await tabsToFirstAnswer(page)).toBeLessThanOrEqual(4);
  });

  test("goes to the main content, not the page body, for a visitor who tabbed straight into the banner", async ({ page }) => {
    await page.goto("/quote/business-credit-cards/");
    const reject = banner(page).getByRole("button", { name: "Reject" });
    for (let tabs = 0; tabs < 5 && !(await reject.evaluate((el) => el === document.activeElement)); tabs++) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(banner(page)).toBeHidden();
    await expect(page.locator("#main")).toBeFocused();
    // From there the first answer is a few Tabs away, not sixteen.
    expect(await tabsToFirstAnswer(page)).toBeLessThanOrEqual(4);
  });

  test("after Save & Close in the settings opened from the banner, goes to the main content", async ({ page }) => {
    await page.goto("/business-energy/");
    await banner(page).getByRole("button", { name: "Customise" }).click();
    await page.getByRole("dialog", { name: "Cookie settings" }).getByRole("button", { name: "Save & Close" }).click();
    await expect(banner(page)).toBeHidden();
    await expect(page.locator("#main")).toBeFocused();
  });
});
