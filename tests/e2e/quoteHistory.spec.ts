/**
 * The browser's own Back and Forward (the phone's back gesture) inside a quote flow: each step is a history
 * entry at the same address, and once the lead is in, the steps before it stay closed.
 */
import { expect, test, type Page } from "./pageTest";
import { driveFlow } from "./flowDriver";

const stepHeading = (page: Page) => page.locator("h2.step-heading");
const UTILITY = "Which do you need a quote for?";
const SPEND = "Roughly how much does your business spend on energy each month?";
const METER = "Do you have a half-hourly electricity meter?";
const CONFIRMATION = "No need to do anything else – we'll be in touch shortly.";

test.use({ viewport: { width: 390, height: 844 } });

test("browser Back and Forward move between the steps at the same address, answers kept and focus on the question", async ({ page }) => {
  await page.goto("/quote/business-energy/?v=1");
  await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
  const address = page.url();
  await page.getByRole("radio", { name: "Electricity and gas" }).click();
  await expect(stepHeading(page)).toHaveText(SPEND);
  await page.getByRole("radio", { name: "£1,000 – £5,000" }).click();
  await expect(stepHeading(page)).toHaveText(METER);

  await page.goBack();
  await expect(stepHeading(page)).toHaveText(SPEND);
  await expect(stepHeading(page)).toBeFocused();
  await expect(page.getByRole("radio", { name: "£1,000 – £5,000" })).toBeChecked();
  await page.goBack();
  await expect(stepHeading(page)).toHaveText(UTILITY);
  await expect(page.getByRole("radio", { name: "Electricity and gas" })).toBeChecked();
  expect(page.url()).toBe(address);

  await page.goForward();
  await expect(stepHeading(page)).toHaveText(SPEND);
  await expect(stepHeading(page)).toBeFocused();
  await page.goForward();
  await expect(stepHeading(page)).toHaveText(METER);

  // The page's own Back lozenge and the browser's stay in step: after it, browser Forward returns.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(stepHeading(page)).toHaveText(SPEND);
  await page.goForward();
  await expect(stepHeading(page)).toHaveText(METER);
  expect(page.url()).toBe(address);
});

test("after the lead is in, browser Back leaves the flow instead of reopening the contact step, and sends nothing again", async ({ page }) => {
  const leadPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/leads")) leadPosts.push(request.url());
  });
  await page.goto("/business-energy/");
  await page.goto("/quote/business-energy/?v=1");
  const { steps } = await driveFlow(page);
  expect(steps.at(-1)).toBe("business-energy/done");
  await expect(stepHeading(page)).toHaveText(CONFIRMATION);

  await page.goBack();
  await expect(page).toHaveURL(/\/business-energy\/$/);
  await expect(page.locator(".quote-flow")).toHaveCount(0);

  await page.goForward();
  await expect(page).toHaveURL(/\/quote\/business-energy\//);
  await expect(page.getByRole("heading", { name: "Where should we send your quotes?" })).toHaveCount(0);
  expect(leadPosts).toHaveLength(1);
});

test("the success step's heading is the confirmation, focused, with the upsell after it", async ({ page }) => {
  await page.goto("/quote/business-water/?v=1&tm=1");
  await driveFlow(page);
  await expect(stepHeading(page)).toHaveText(CONFIRMATION);
  await expect(stepHeading(page)).toBeFocused();
  const upsell = page.getByRole("region", { name: "Switch more services" });
  await expect(upsell).toBeVisible();
  const headingFirst = await stepHeading(page).evaluate(
    (heading, region) => Boolean(heading.compareDocumentPosition(region!) & Node.DOCUMENT_POSITION_FOLLOWING),
    await upsell.elementHandle(),
  );
  expect(headingFirst).toBe(true);
  await expect(page.locator(".quote-flow").getByRole("heading", { level: 2 })).toHaveText([CONFIRMATION]);
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`the step count shows "Step 1 of 7" over a visible bar centred in the flow (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/quote/business-energy/?v=1");
    await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
    const count = page.locator(".quote-flow__count-text");
    const bar = page.getByRole("progressbar", { name: "Progress" });
    await expect(count).toHaveText("Step 1 of 7");
    await expect(bar).toHaveAttribute("aria-valuetext", "Step 1 of 7");

    const centre = async (selector: string) => {
      const box = (await page.locator(selector).boundingBox())!;
      return box.x + box.width / 2;
    };
    const flowCentre = await centre(".quote-flow");
    expect(Math.abs((await centre(".quote-flow__count-text")) - flowCentre)).toBeLessThan(2);
    expect(Math.abs((await centre(".progress")) - flowCentre)).toBeLessThan(2);
    expect((await page.locator(".progress__fill").boundingBox())!.width).toBeGreaterThan(0);
    expect((await bar.boundingBox())!.height).toBeGreaterThanOrEqual(8);

    await page.getByRole("radio", { name: "Gas", exact: true }).click();
    await expect(count).toHaveText("Step 2 of 6");
  });
}
