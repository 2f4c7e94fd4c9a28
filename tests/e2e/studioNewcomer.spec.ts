/** What a newcomer to the flow studio found, each put right: the phone preview's step number, the arrow keys in the Steps list, the add box's label, Undo's words, and focus after a dialog. */
import { expect, test } from "./pageTest";
import { studioForTests } from "./studioHelpers";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const studio = studioForTests();

test("the phone preview numbers a step from the flow's start, with Back to the step before", async ({ page }) => {
  await page.goto(`${studio.url}/studio/business-water/v1`);
  await page.getByRole("region", { name: "Steps" }).getByRole("button", { name: "supplier" }).click();

  const phone = page.frameLocator('iframe[title="Phone preview"]');
  await expect(phone.getByRole("heading", { name: "Who is your water retailer now?" })).toBeVisible();
  await expect(phone.getByRole("progressbar", { name: "Progress" })).toHaveAttribute("aria-valuetext", "Step 3 of 5");
  await expect(phone.getByRole("button", { name: "Back" })).toBeVisible();
});

test("the arrow keys move through the Steps list, choosing each step in turn", async ({ page }) => {
  await page.goto(`${studio.url}/studio/business-water/v1`);
  const steps = page.getByRole("region", { name: "Steps" });
  await steps.getByRole("button", { name: "sites" }).click();

  await page.keyboard.press("ArrowDown");
  await expect(steps.getByRole("button", { name: "spend" })).toBeFocused();
  await expect(steps.getByRole("button", { name: "spend" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("End");
  await expect(steps.getByRole("button", { name: "done" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(steps.getByRole("button", { name: "contact" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: /^Step contact/ })).toBeVisible();
});

test("Escape gives the focus back to the button that opened a dialog; Undo names the edit it undoes; the box under the steps says it is the kind of step to add", async ({ page }) => {
  await page.goto(`${studio.url}/studio/home-broadband/v1`);
  const opener = page.getByRole("button", { name: "New version from this one" });

  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "New version v2" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await page.getByRole("dialog", { name: "New version v2" }).getByRole("textbox", { name: "Description" }).fill("A copy");
  await page.getByRole("dialog", { name: "New version v2" }).getByRole("button", { name: "Make v2" }).click();
  await expect(page.getByRole("button", { name: /^Undo/ })).toHaveText("Undo: Make v2 from v1");
  await page.getByRole("region", { name: "Steps" }).getByRole("button").first().click();
  await expect(page.getByLabel("Kind of step to add")).toBeVisible();
});

test("the save dialog's buttons are in sight at 1300×900, however long the diff", async ({ page }) => {
  await page.setViewportSize({ width: 1300, height: 900 });
  await page.goto(`${studio.url}/studio/take-card-payments/v1`);
  await page.getByRole("button", { name: "New version from this one" }).click();
  await page.getByRole("dialog", { name: "New version v2" }).getByRole("textbox", { name: "Description" }).fill("A long new file");
  await page.getByRole("dialog", { name: "New version v2" }).getByRole("button", { name: "Make v2" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();

  const dialog = page.getByRole("dialog", { name: "Save these changes?" });
  await expect(dialog.getByRole("heading", { name: /v2\.json: a new file of \d+ lines/ })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Confirm save" })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeInViewport({ ratio: 1 });
});
