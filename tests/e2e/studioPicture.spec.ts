/** The studio's picture of a flow at 1300×900: every box in view without scrolling, its ids readable, chosen by a click. */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./pageTest";
import { fifteenStepFlow } from "./fifteenStepFlow";
import { axeViolations, studioForTests, tabTo } from "./studioHelpers";

test.describe.configure({ mode: "serial", timeout: 90_000 });
test.use({ viewport: { width: 1300, height: 900 } });

/** The least size, in screen pixels, a step's id is drawn at. */
const LEAST_ID_PX = 11;

const studio = studioForTests((formsDir) => {
  const water = path.join(formsDir, "business-water");
  writeFileSync(path.join(water, "v2.json"), fifteenStepFlow(readFileSync(path.join(water, "v1.json"), "utf8")));
});

/** Every version of every flow in the scratch copy, as "flow/vN". */
function everyVersion(): string[] {
  return readdirSync(studio.formsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) => readdirSync(`${studio.formsDir}/${dir.name}`).flatMap((file) => (/^v\d+\.json$/.test(file) ? [`${dir.name}/${file.slice(0, -5)}`] : [])))
    .sort();
}

/** The picture's place on screen, and the smallest step id's font size as drawn on screen. */
async function measure(page: Page) {
  const picture = page.locator("svg.studio-picture");
  // The first page the preview's bundler serves takes a while on a busy machine.
  await expect(picture).toBeVisible({ timeout: 30_000 });
  return picture.evaluate((svg: SVGSVGElement) => {
    const scale = svg.getScreenCTM()!.a;
    const ids = [...svg.querySelectorAll<SVGTSpanElement>(".studio-box-id")];
    const boxes = [...svg.querySelectorAll<SVGGElement>(".studio-box")].map((g) => {
      const rect = g.querySelector("rect")!.getBoundingClientRect();
      const text = g.querySelector(".studio-box-id")!.getBoundingClientRect();
      return { id: g.dataset.step, rect: { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom }, textRight: text.right };
    });
    const box = svg.getBoundingClientRect();
    return {
      box: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
      idPx: Math.min(...ids.map((id) => parseFloat(getComputedStyle(id).fontSize) * scale)),
      boxes,
      scrollY: window.scrollY,
    };
  });
}

test("draws a 15-step flow with branches whole within the window, its ids readable, the chosen step marked", async ({ page }) => {
  await page.goto(`${studio.url}/studio/business-water/v2`);
  const seen = await measure(page);
  await expect(page.getByRole("img", { name: /^Picture of business-water v2: 15 steps starting at sites, 4 branching by the answers\./ })).toBeVisible();
  expect(seen.boxes).toHaveLength(15);
  expect(seen.box.top).toBeGreaterThanOrEqual(0);
  expect(seen.box.bottom).toBeLessThanOrEqual(900);
  expect(seen.box.right).toBeLessThanOrEqual(1300);
  expect(seen.idPx).toBeGreaterThanOrEqual(LEAST_ID_PX);
  for (const box of seen.boxes) {
    expect(box.rect.bottom, `${box.id} in view`).toBeLessThanOrEqual(900);
    expect(box.textRight, `${box.id}'s id within its box`).toBeLessThanOrEqual(box.rect.right);
  }
  test.info().annotations.push({ type: "15 steps", description: `ids at ${seen.idPx.toFixed(1)} px on screen` });

  // Every arrow is drawn, the branches labelled by their conditions.
  await expect(page.locator(".studio-edge")).toHaveCount(18);
  await expect(page.locator(".studio-edge-label").filter({ hasText: "ownsProperty = tenant" })).toBeVisible();
  await expect(page.locator(".studio-edge-label").filter({ hasText: "otherwise" })).toHaveCount(4);
  await expect(page.locator('g[data-step="sites"]')).toHaveClass(/start/);
  await expect(page.locator('g[data-step="done"]')).toHaveClass(/success/);

  // A click on a box chooses the step, as the list does; the picture stays in view as the properties scroll.
  await page.locator('g[data-step="premises"]').click();
  await expect(page.getByRole("region", { name: "Steps" }).getByRole("button", { name: "premises" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator('g[data-step="premises"]')).toHaveClass(/chosen/);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const scrolled = await measure(page);
  expect(scrolled.box.top).toBeGreaterThanOrEqual(0);
  expect(scrolled.box.bottom).toBeLessThanOrEqual(900);
  const chosen = scrolled.boxes.find((box) => box.id === "premises")!;
  expect(chosen.rect.top).toBeGreaterThanOrEqual(0);
  expect(chosen.rect.bottom).toBeLessThanOrEqual(900);
});

test("marks a step with a finding in the picture and says so in its words", async ({ page }) => {
  const doc = JSON.parse(studio.read("business-water/v2.json")) as { steps: Array<Record<string, unknown>> };
  doc.steps[7]!.next = "nowhere";
  studio.write("business-water/v2.json", `${JSON.stringify(doc, null, 2)}\n`);
  try {
    await page.goto(`${studio.url}/studio/business-water/v2`);
    await expect(page.locator('g[data-step="trade"]')).toHaveClass(/flagged/);
    await expect(page.locator('g[data-step="trade"] .studio-badge')).toBeVisible();
    await expect(page.getByRole("img", { name: /1 step has a finding/ })).toBeVisible();
  } finally {
    studio.write("business-water/v2.json", fifteenStepFlow(studio.read("business-water/v1.json")));
  }
});

test("the list of steps chooses what the picture shows chosen, by keyboard, and a deleted step leaves the keyboard in the list", async ({ page }) => {
  try {
    await page.goto(`${studio.url}/studio/business-water/v2`);
    await measure(page);
    const steps = page.getByRole("region", { name: "Steps" });
    await tabTo(page, steps.getByRole("button", { name: "tenure", exact: true }));
    await page.keyboard.press("Enter");
    await expect(steps.getByRole("button", { name: "tenure", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator('g[data-step="tenure"]')).toHaveClass(/chosen/);
    expect(await axeViolations(page)).toEqual([]);

    await tabTo(page, page.getByRole("button", { name: "Delete step tenure" }), 120);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete step tenure?" });
    await tabTo(page, dialog.getByRole("button", { name: "Delete", exact: true }));
    await page.keyboard.press("Enter");
    await expect(steps.getByRole("button", { name: "tenure", exact: true })).toHaveCount(0);
    // Nothing is chosen in the deleted step's place; the keyboard goes on from the step that took its place.
    await expect(steps.getByRole("button", { name: "landlord", exact: true })).toBeFocused();
    await expect(steps.getByRole("button", { name: "landlord", exact: true })).toHaveAttribute("aria-pressed", "false");
    await expect(page.locator(".studio-box.chosen")).toHaveCount(0);
  } finally {
    studio.write("business-water/v2.json", fifteenStepFlow(studio.read("business-water/v1.json")));
  }
});

test("draws every flow in forms/ whole within the window with its ids readable", async ({ page }) => {
  const sizes: string[] = [];
  for (const version of everyVersion()) {
    await page.goto(`${studio.url}/studio/${version}`);
    const seen = await measure(page);
    expect(seen.box.bottom, version).toBeLessThanOrEqual(900);
    expect(seen.box.right, version).toBeLessThanOrEqual(1300);
    expect(seen.idPx, version).toBeGreaterThanOrEqual(LEAST_ID_PX);
    for (const box of seen.boxes) {
      expect(box.rect.bottom, `${version}: ${box.id} in view`).toBeLessThanOrEqual(900);
      expect(box.textRight, `${version}: ${box.id}'s id within its box`).toBeLessThanOrEqual(box.rect.right);
    }
    sizes.push(`${version} ${seen.idPx.toFixed(1)}px`);
  }
  test.info().annotations.push({ type: "ids on screen", description: sizes.join(", ") });
});
