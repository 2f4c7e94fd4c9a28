import { expect, test } from "./pageTest";
import { seriousViolations } from "./axe";
import { chooseConsentBeforehand, PAGE_TYPES } from "./siteHelpers";

for (const { type, path } of PAGE_TYPES) {
  test(`an axe scan of the ${type} page finds nothing serious or critical, with the cookie banner showing`, async ({ page }) => {
    await page.goto(path, { waitUntil: "networkidle" });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("an axe scan finds nothing serious or critical with the cookie popup or the phone menu open", async ({ page }) => {
  await page.goto("/business-insurance/", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Customise" }).click();
  await expect(page.getByRole("dialog", { name: "Cookie settings" })).toBeVisible();
  expect(await seriousViolations(page), "cookie settings popup").toEqual([]);

  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("button", { name: "Menu" }).click();
  expect(await seriousViolations(page), "open services menu").toEqual([]);
});

test("a keyboard user can skip to the content, use the menu and the quick-start box, and always sees where focus is", async ({
  page,
  context,
  baseURL,
}) => {
  await chooseConsentBeforehand(context, baseURL!);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/business-water/", { waitUntil: "networkidle" });
  const hasVisibleFocus = () =>
    page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
    });

  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  expect(await hasVisibleFocus()).toBe(true);

  await page.keyboard.press("Tab");
  await expect(page.getByRole("banner").getByRole("link", { name: "SwitchPlan home page" })).toBeFocused();
  expect(await hasVisibleFocus()).toBe(true);
  await page.keyboard.press("Tab"); // on a phone the header's quote button gives way to the menu
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toBeFocused();
  expect(await hasVisibleFocus()).toBe(true);
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("navigation", { name: "Services" }).getByRole("link", { name: "Energy", exact: true })).toBeFocused();
  expect(await hasVisibleFocus()).toBe(true);

  await skip.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" })).toBeFocused();
  await page.keyboard.press("Tab");
  const postcode = page.getByRole("textbox", { name: "Postcode" }).first();
  await expect(postcode).toBeFocused();
  expect(await hasVisibleFocus()).toBe(true);
  await page.keyboard.type("LS1 4DY");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/quote\/business-water\/\?postcode=LS1\+4DY$/);
});

test("the cookie banner and its popup work from the keyboard alone", async ({ page, context }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "How we use cookies" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Customise" })).toBeFocused();
  await page.keyboard.press("Enter");
  const popup = page.getByRole("dialog", { name: "Cookie settings" });
  await expect(popup.getByRole("button", { name: "Close without saving" })).toBeFocused();
  await page.keyboard.press("Tab"); // privacy link
  await page.keyboard.press("Tab"); // analytics (essential is locked, so skipped)
  await expect(popup.getByRole("switch", { name: "Analytics" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(popup.getByRole("switch", { name: "Analytics" })).not.toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(popup.getByRole("button", { name: "Save & Close" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(popup).toBeHidden();
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "_sp_analytics_on")?.value).toBe("0");
});
