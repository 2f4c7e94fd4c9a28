import { expect, test, type Page } from "./pageTest";
import { PAGE_TYPES } from "./siteHelpers";

/** Whether anything sticks out sideways: the page scrolls sideways, or a visible element reaches past the window. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollable = document.documentElement.scrollWidth > width;
    const sticking = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.closest(".visually-hidden, .table-scroll") === null && element.getClientRects().length > 0)
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scrollable, sticking: sticking.slice(0, 5) };
  });
}

for (const width of [320, 768, 1012, 1300]) {
  test(`nothing scrolls sideways at ${width} px, on every type of page, with the cookie banner showing`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    for (const { type, path } of PAGE_TYPES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await overflow(page), `${type} (${path})`).toEqual({ scrollable: false, sticking: [] });
    }
    await context.close();
  });
}

test("below desktop width the services menu opens from a button; from 1012 px it is always shown", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto("/business-water/", { waitUntil: "networkidle" });
  const menu = page.getByRole("button", { name: "Menu" });
  const services = page.getByRole("navigation", { name: "Services" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(services).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await services.getByRole("link", { name: "Waste" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Business waste collection, compared" })).toBeVisible();
  await expect(services).toBeHidden();

  await page.setViewportSize({ width: 1012, height: 800 });
  await expect(services).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(services.getByRole("link", { name: "Waste" })).toHaveAttribute("aria-current", "page");
  await context.close();
});
