/** The flow studio's pages in Chromium, on a scratch copy of forms/ served by the live preview. */
import { expect, test } from "./pageTest";
import { axeViolations, studioForTests, tabTo } from "./studioHelpers";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const studio = studioForTests();

/** v1 of a flow copied to v2, which no visitor gets (it is not in split.json), with `change` applied. */
function copyToV2(flow: string, change: (doc: { steps: Array<Record<string, unknown>> } & Record<string, unknown>) => void = () => {}) {
  const doc = JSON.parse(studio.read(`${flow}/v1.json`)) as { steps: Array<Record<string, unknown>> } & Record<string, unknown>;
  doc.version = 2;
  doc.description = "A copy to edit";
  change(doc);
  studio.write(`${flow}/v2.json`, `${JSON.stringify(doc, null, 2)}\n`);
}

test("lists every flow by id, with its versions' weights and findings, and opens a version from it", async ({ page }) => {
  await page.goto(`${studio.url}/studio/`);
  await expect(page.getByRole("heading", { level: 1, name: "Flow studio" })).toBeVisible();
  await expect(page.getByRole("link", { name: "business-water", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "v1 · 40% · live" }).first()).toBeVisible();
  await expect(page.getByText("(0 errors, 0 warnings)").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "business-energy", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "business-energy v1" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Picture of business-energy v1/ })).toBeVisible();
  const steps = page.getByRole("region", { name: "Steps" });
  await steps.getByRole("button", { name: "utility" }).click();
  await expect(steps.getByRole("button", { name: "utility" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: /^Step utility/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Findings" })).toContainText("No findings: the checks pass.");
  await expect(page.locator('g[data-step="utility"]')).toHaveClass(/chosen/);
  expect(await axeViolations(page)).toEqual([]);
});

test("a live version opens read only, saying why, with a way to make a new version from it", async ({ page }) => {
  await page.goto(`${studio.url}/studio/business-water/v1`);
  await expect(page.getByText("Visitors are getting this version now: changing it would mix two designs in one set of results.")).toBeVisible();
  await expect(page.getByRole("button", { name: "New version from this one" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test("undoes and redoes every edit with the buttons and the keyboard, each naming what it takes back", async ({ page }) => {
  await page.goto(`${studio.url}/studio/home-broadband/v1`);
  const undo = page.getByRole("button", { name: /^Undo/ });
  const redo = page.getByRole("button", { name: /^Redo/ });
  await expect(undo).toBeDisabled();
  await expect(redo).toBeDisabled();

  await page.getByRole("button", { name: "New version from this one" }).click();
  const dialog = page.getByRole("dialog", { name: "New version v2" });
  await expect(dialog.getByRole("textbox", { name: "Description" })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("textbox", { name: "Description" }).fill("Asks the speed first");
  await dialog.getByRole("button", { name: "Make v2" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "home-broadband v2" })).toBeVisible();
  await expect(undo).toHaveAccessibleName("Undo: Make v2 from v1");

  await page.getByRole("spinbutton", { name: "Weight of v1 (%)" }).fill("60");
  await expect(page.getByText("Weights add up to 60; they must add up to 100")).toBeVisible();
  await expect(undo).toHaveAccessibleName("Undo: Change weight of v1 to 60%");

  await undo.click();
  await expect(page.getByRole("spinbutton", { name: "Weight of v1 (%)" })).toHaveValue("100");
  await expect(redo).toHaveAccessibleName("Redo: Change weight of v1 to 60%");
  await page.keyboard.press("Control+Shift+Z");
  await expect(page.getByRole("spinbutton", { name: "Weight of v1 (%)" })).toHaveValue("60");
  await page.keyboard.press("Control+Z");
  await page.keyboard.press("Control+Z");
  await expect(page.getByRole("heading", { level: 1, name: "home-broadband v1" })).toBeVisible();
  await expect(undo).toBeDisabled();
  await page.keyboard.press("Control+Y");
  await expect(page.getByRole("heading", { level: 1, name: "home-broadband v2" })).toBeVisible();
});

test("refuses to save a version with an error, saying why, and shows the finding beside its step", async ({ page }) => {
  copyToV2("home-waste", (doc) => {
    doc.steps[0]!.next = "nowhere";
  });
  await page.goto(`${studio.url}/studio/home-waste/v2`);
  const first = page.getByRole("region", { name: "Steps" }).getByRole("button").first();
  await expect(first).toHaveAccessibleDescription(/finding/);
  await expect(page.getByRole("region", { name: "Findings" }).getByText(/nowhere/).first()).toBeVisible();
  await page.getByRole("button", { name: "New version" }).click();
  await page.getByRole("textbox", { name: "Description" }).fill("Still broken");
  await page.getByRole("button", { name: "Make v3" }).click();
  await page.getByRole("spinbutton", { name: "Weight of v1 (%)" }).fill("50");
  await page.getByRole("spinbutton", { name: "Weight of v3 (%)" }).fill("50");
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await expect(page.getByText("Save is refused while there is an error")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("opens a file that does not parse as its findings and its text, to fix by hand", async ({ page }) => {
  studio.write("home-water/v2.json", '{ "id": "home-water", ');
  await page.goto(`${studio.url}/studio/home-water/v2`);
  await expect(page.getByRole("textbox", { name: "File text" })).toHaveValue('{ "id": "home-water", ');
  await expect(page.getByRole("region", { name: "Findings" })).toContainText("Error");
  expect(await axeViolations(page)).toEqual([]);

  const fixed = studio.read("home-water/v1.json").replace('"version": 1', '"version": 2');
  await page.getByRole("textbox", { name: "File text" }).fill(fixed);
  await page.getByRole("button", { name: "Open as a flow" }).click();
  await expect(page.getByRole("img", { name: /Picture of home-water v2/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Findings" })).toContainText("No findings: the checks pass.");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("button", { name: "Confirm save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText(/home-water\/v2\.json$/);
  expect(studio.read("home-water/v2.json")).toBe(fixed);
});

test("asks before the page is left with unsaved changes", async ({ page }) => {
  await page.goto(`${studio.url}/studio/home-payments/v1`);
  await page.getByRole("button", { name: "New version from this one" }).click();
  await page.getByRole("textbox", { name: "Description" }).fill("Unsaved");
  await page.getByRole("button", { name: "Make v2" }).click();
  await expect(page.getByText(/^Unsaved changes: v2\.json, split\.json\.$/)).toBeVisible();
  const asked = page.waitForEvent("dialog");
  void page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.accept();
});

test("says a page is not found for an unknown flow or version, with a way back", async ({ page }) => {
  for (const address of ["/studio/no-such-flow/v1", "/studio/business-water/v9"]) {
    const response = await page.goto(`${studio.url}${address}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "All flows" })).toHaveAttribute("href", "/studio/");
  }
  expect(await axeViolations(page)).toEqual([]);
});

test("writes nothing when a file changed on disk since it was opened, shows both, and saves over it once seen", async ({ page }) => {
  await page.goto(`${studio.url}/studio/home-solar/v1`);
  await page.getByRole("button", { name: "New version from this one" }).click();
  await page.getByRole("textbox", { name: "Description" }).fill("Shorter");
  await page.getByRole("button", { name: "Make v2" }).click();
  await page.getByRole("spinbutton", { name: "Weight of v1 (%)" }).fill("50");
  await page.getByRole("spinbutton", { name: "Weight of v2 (%)" }).fill("50");
  const split = studio.read("home-solar/split.json");
  const changedElsewhere = split.replace('"weights"', '"plannedPerVersion": 500,\n  "weights"');
  studio.write("home-solar/split.json", changedElsewhere);

  await page.getByRole("button", { name: "Save" }).click();
  const conflict = page.getByRole("dialog", { name: "Changed on disk since you opened it" });
  await expect(conflict).toContainText("Nothing was written");
  await expect(conflict).toContainText('-  "plannedPerVersion": 500,');
  expect(await axeViolations(page)).toEqual([]);
  expect(studio.read("home-solar/split.json")).toBe(changedElsewhere);

  await conflict.getByRole("button", { name: "Keep my draft" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("button", { name: "Confirm save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toContainText("home-solar/split.json");
  expect(JSON.parse(studio.read("home-solar/split.json"))).toEqual({ $schema: "../../schemas/split.schema.json", default: 1, weights: { 1: 50, 2: 50 } });
});

test("drops the draft for the file as it is on disk now when asked to after a conflict", async ({ page }) => {
  copyToV2("home-energy-generators");
  await page.goto(`${studio.url}/studio/home-energy-generators/v2`);
  await page.getByRole("button", { name: "New version" }).click();
  await page.getByRole("textbox", { name: "Description" }).fill("Mine");
  await page.getByRole("button", { name: "Make v3" }).click();
  studio.write("home-energy-generators/v3.json", studio.read("home-energy-generators/v2.json").replace('"version": 2', '"version": 3'));
  await page.getByRole("spinbutton", { name: "Weight of v1 (%)" }).fill("90");
  await page.getByRole("spinbutton", { name: "Weight of v3 (%)" }).fill("10");
  await page.getByRole("button", { name: "Save" }).click();
  const conflict = page.getByRole("dialog", { name: "Changed on disk since you opened it" });
  await expect(conflict).toContainText("home-energy-generators/v3.json");
  await conflict.getByRole("button", { name: "Reload from disk" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "home-energy-generators v2" })).toBeVisible();
  await expect(page.getByText("Nothing to save: there are no unsaved changes.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Undo/ })).toBeDisabled();
});

test("makes, splits and saves a new version with the keyboard alone", async ({ page }) => {
  await page.goto(`${studio.url}/studio/`);
  await tabTo(page, page.getByRole("link", { name: "business-waste", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "business-waste v1" })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "New version from this one" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "Description" })).toBeFocused();
  await page.keyboard.type("Asks for the bins first");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "business-waste v2" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Traffic split" })).toBeFocused();

  await tabTo(page, page.getByRole("spinbutton", { name: "Weight of v1 (%)" }));
  await page.keyboard.press("Control+A");
  await page.keyboard.type("50");
  await expect(page.getByText("Weights add up to 50; they must add up to 100")).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("50");
  await expect(page.getByText("Weights add up to 100.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await tabTo(page, page.getByRole("button", { name: "Save" }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Save these changes?" });
  await expect(dialog.locator("pre")).toHaveCount(2);
  await expect(dialog.getByRole("heading", { name: /business-waste\/v2\.json: a new file of \d+ lines/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await tabTo(page, dialog.getByRole("button", { name: "Confirm save" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText(/^Saved .*business-waste\/v2\.json and .*business-waste\/split\.json$/);
  await expect(page).toHaveURL(/\/studio\/business-waste\/v2$/);
  // Visitors now get half their visits on v2: it is live, so it is read only from here on.
  await expect(page.getByText(/Visitors are getting this version now/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);

  const saved = JSON.parse(studio.read("business-waste/v2.json")) as { version: number; description: string };
  expect([saved.version, saved.description]).toEqual([2, "Asks for the bins first"]);
  expect(JSON.parse(studio.read("business-waste/split.json")).weights).toEqual({ 1: 50, 2: 50 });
});

test("saves an edited question after showing its diff, changing only that line, and undoes only outside a text box", async ({ page }) => {
  copyToV2("home-energy");
  const before = studio.read("home-energy/v2.json");
  const doc = JSON.parse(before) as { start: string; steps: Array<{ id: string; question?: string }> };
  const first = doc.steps.find((s) => s.id === doc.start)!;
  await page.goto(`${studio.url}/studio/home-energy/v2`);
  await page.getByRole("region", { name: "Steps" }).getByRole("button", { name: first.id, exact: true }).click();
  const question = page.getByRole("textbox", { name: "Question" });
  await question.fill("Which bills shall we compare?");
  const undo = page.getByRole("button", { name: /^Undo/ });
  await expect(undo).toHaveAccessibleName(`Undo: Change question of ${first.id}`);
  await expect(page.getByText("Unsaved changes: v2.json.")).toBeVisible();

  // In the text box, Ctrl+Z is the box's own: the page's history keeps the edit.
  await question.press("Control+z");
  await expect(undo).toHaveAccessibleName(`Undo: Change question of ${first.id}`);
  await question.fill("Which bills shall we compare?");

  await page.getByRole("button", { name: "Save" }).click();
  const dialog = page.getByRole("dialog", { name: "Save these changes?" });
  await expect(dialog.getByRole("heading", { name: /home-energy\/v2\.json: 1 line added, 1 removed/ })).toBeVisible();
  await expect(dialog.locator(".diff-added")).toHaveText([`+      "question": "Which bills shall we compare?",`]);
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Confirm save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText(/^Saved .*home-energy\/v2\.json$/);
  await expect(page.getByText("Nothing to save: there are no unsaved changes.")).toBeVisible();
  expect(studio.read("home-energy/v2.json")).toBe(before.replace(`"question": ${JSON.stringify(first.question)}`, `"question": "Which bills shall we compare?"`));
});
