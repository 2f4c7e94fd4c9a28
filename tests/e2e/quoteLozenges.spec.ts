/**
 * The Back and Next lozenges above a step keep to one line at every width the specification names (mobile 0, tablet
 * 768, desktop 1012, wide 1300 px), a 320 px and a 390 px phone among them: "‹ Back" and "Next ›" never break into
 * the arrow above the word. Measured on business energy's second step, come back to, where both show.
 */
import { expect, test, type Locator } from "./pageTest";

/** How many lines of text a lozenge's content takes: its height inside the padding over its line height. */
function linesOf(lozenge: Locator) {
  return lozenge.evaluate((element) => {
    const style = getComputedStyle(element);
    const inside = element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return Math.round(inside / parseFloat(style.lineHeight));
  });
}

test("Back and Next keep to one line and within the window at every breakpoint", async ({ page }) => {
  await page.goto("/quote/business-energy/?v=1");
  await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
  await page.getByRole("radio", { name: "Electricity and gas" }).click();
  await page.getByRole("radio", { name: "£1,000 – £5,000" }).click();
  await expect(page.locator("h2.step-heading")).toHaveText("Do you have a half-hourly electricity meter?");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.locator("h2.step-heading")).toHaveText("Roughly how much does your business spend on energy each month?");

  const back = page.getByRole("button", { name: "Back" });
  const next = page.getByRole("button", { name: "Next", exact: true });
  for (const width of [320, 390, 767, 768, 1012, 1300]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [name, lozenge] of [["Back", back], ["Next", next]] as const) {
      expect(await linesOf(lozenge), `${name} at ${width} px`).toBe(1);
      const box = (await lozenge.boundingBox())!;
      expect(box.x, `${name} at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
});
