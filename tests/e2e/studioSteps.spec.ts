/** Editing a flow's steps in the studio, in Chromium: properties, a rule, adding and deleting a step, the phone preview. */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./pageTest";
import { axeViolations, studioForTests } from "./studioHelpers";

test.describe.configure({ mode: "serial", timeout: 90_000 });

// A version no visitor gets (it is not in split.json), so it opens for editing.
const studio = studioForTests((formsDir) => {
  const water = path.join(formsDir, "business-water");
  const doc = JSON.parse(readFileSync(path.join(water, "v1.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(path.join(water, "v2.json"), `${JSON.stringify({ ...doc, version: 2, description: "A copy to edit" }, null, 2)}\n`);
});

test("a step's properties are labelled inputs, and the phone preview redraws an edit within a second, sending nothing", async ({ page }) => {
  const leads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/leads")) leads.push(request.url());
  });
  await page.goto(`${studio.url}/studio/business-water/v2`);
  await page.getByRole("region", { name: "Steps" }).getByRole("button", { name: "supplier" }).click();
  const properties = page.getByRole("region", { name: /^Step supplier/ });
  for (const label of ["Step id", "Field", "Question", "Hint", "Sends the lead", "Where next"]) await expect(properties.getByLabel(label, { exact: true })).toBeVisible();
  await expect(properties.getByLabel("Field", { exact: true })).toHaveValue("currentSupplier");

  const phone = page.frameLocator('iframe[title="Phone preview"]');
  await expect(phone.getByRole("heading", { name: "Who is your water retailer now?" })).toBeVisible();
  await expect(phone.getByText("Preview: nothing is sent.")).toBeVisible();
  const started = Date.now();
  await properties.getByLabel("Question", { exact: true }).fill("Which retailer sends your water bill?");
  await expect(phone.getByRole("heading", { name: "Which retailer sends your water bill?" })).toBeVisible();
  expect(Date.now() - started, "edit to preview redrawn (ms)").toBeLessThan(1_000);
  // The frame's own figure: from the draft posted to the step drawn.
  await expect(page.locator(".studio-phone")).toHaveAttribute("data-draw-ms", /^\d+$/);
  test.info().annotations.push({ type: "draft posted to preview drawn (ms)", description: (await page.locator(".studio-phone").getAttribute("data-draw-ms")) ?? "" });
  expect(await axeViolations(page)).toEqual([]);
  expect(leads).toEqual([]);
});

test("a rule is built from a field, a comparison that fits it and a value, and written as JSONLogic", async ({ page }) => {
  await page.goto(`${studio.url}/studio/business-water/v2`);
  await page.getByRole("region", { name: "Steps" }).getByRole("button", { name: "spend" }).click();
  const properties = page.getByRole("region", { name: /^Step spend/ });
  await properties.getByLabel("Where next").selectOption("rules");
  await properties.getByLabel("Rule 1: Field").selectOption("spendString");
  await expect(properties.getByLabel("Rule 1: Comparison").locator("option")).toHaveText(["is", "is not", "is one of"]);
  await properties.getByLabel("Rule 1: Value").selectOption("dontKnow");
  await properties.getByLabel("Rule 1: goes to").selectOption("address");
  await expect(page.getByRole("region", { name: "Findings" })).toContainText("No findings");
  await page.getByRole("button", { name: "Edit as JSON" }).click();
  await expect(properties.getByLabel("Step spend as JSON")).toHaveValue(/"when": \{\s*"==": \[\s*\{\s*"var": "spendString"\s*\},\s*"dontKnow"\s*\]/);
  expect(await axeViolations(page)).toEqual([]);
});

test("a step is added after the chosen one, and deleted once the dialog has said what follows", async ({ page }) => {
  await page.goto(`${studio.url}/studio/business-water/v2`);
  const steps = page.getByRole("region", { name: "Steps" });
  await steps.getByRole("button", { name: "supplier" }).click();
  await page.getByLabel("Kind of step to add").selectOption({ label: "Checkbox step" });
  await page.getByRole("button", { name: "Add step after supplier" }).click();
  await expect(steps.getByRole("button", { name: "new-step" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Step new-step/ })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Phone preview"]').getByRole("heading", { name: "New question" })).toBeVisible();

  await page.getByRole("button", { name: "Delete step new-step" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete step new-step?" });
  await expect(dialog).toContainText("Fixed: supplier will go to address instead.");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(steps.getByRole("button", { name: "new-step" })).toHaveCount(0);
  await steps.getByRole("button", { name: "supplier" }).click();
  await expect(page.getByRole("region", { name: /^Step supplier/ }).getByLabel("Next step")).toHaveValue("address");
});

test("every kind's properties are labelled for assistive technology (axe finds nothing)", async ({ page }) => {
  const doc = JSON.parse(studio.read("business-credit-cards/v1.json")) as Record<string, unknown>;
  studio.write("business-credit-cards/v2.json", `${JSON.stringify({ ...doc, version: 2, description: "A copy to edit" }, null, 2)}\n`);
  await page.goto(`${studio.url}/studio/business-credit-cards/v2`);
  const steps = page.getByRole("region", { name: "Steps" });
  for (const id of ["marketplace", "address", "contact", "done"]) {
    await steps.getByRole("button", { name: id, exact: true }).click();
    await expect(page.getByRole("region", { name: new RegExp(`^Step ${id}`) })).toBeVisible();
    expect(await axeViolations(page), `step ${id}`).toEqual([]);
  }
  await steps.getByRole("button", { name: "callTime", exact: true }).click();
  for (const [kind, id] of [["Upsell step", "new-step"], ["Stickee step", "new-step-2"]] as const) {
    await page.getByLabel("Kind of step to add").selectOption({ label: kind });
    await page.getByRole("button", { name: /^Add step after/ }).click();
    await expect(page.getByRole("region", { name: new RegExp(`^Step ${id} `) })).toBeVisible();
    expect(await axeViolations(page), kind).toEqual([]);
  }
});
