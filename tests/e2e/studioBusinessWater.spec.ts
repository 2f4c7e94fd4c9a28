/**
 * docs/analysts.md's "The flow studio", followed in Chromium through the studio alone on a scratch copy of forms/:
 * business water's version 2, whose saved file must be byte for byte the one the page's JSON sections describe.
 * Then the same by keyboard alone, with axe on every screen and dialog on the way.
 */
import { expect, test, type Page } from "./pageTest";
import { cookbook, handWritten, quoted, sameChangeAsTheJsonSections, studioSection, studioSteps, ui } from "./studioDoc";
import { axeViolations, type Studio, studioForTests, tabTo } from "./studioHelpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const findings = (page: Page) => page.getByRole("region", { name: "Findings" });
const stepsList = (page: Page) => page.getByRole("region", { name: ui("Steps") });
const properties = (page: Page, step: string) => page.getByRole("region", { name: new RegExp(`^Step ${step} `) });
const noFindings = quoted("No findings: the checks pass.");

/** What the saved files must be, and what the quote page shows of them. */
async function expectSaved(studio: Studio, page: Page): Promise<void> {
  expect(studio.read("business-water/v2.json")).toBe(handWritten());
  const split = JSON.parse(studio.read("business-water/split.json")) as { default: number; weights: Record<string, number> };
  expect(split).toMatchObject({ default: studioSteps.control, weights: studioSteps.weights });
  await page.goto(`${studio.url}${studioSteps.tryAddress}`);
  await expect(page.locator(".step-heading")).toHaveText(studioSteps.firstQuestion, { timeout: 20_000 });
  await expect(page.locator(".quote-flow")).toHaveAttribute("data-version", "2");
}

test.describe("the flow studio section, followed with the mouse", () => {
  const studio = studioForTests();

  test("makes business water's version 2 as the JSON sections do, byte for byte", async ({ page }) => {
    sameChangeAsTheJsonSections();
    const before = studio.read(`${studioSteps.flow}/v1.json`);

    // 1. The list, and the flow.
    await page.goto(`${studio.url}/studio/`);
    await expect(page.getByRole("heading", { level: 1, name: ui("Flow studio") })).toBeVisible();
    await expect(page.getByRole("link", { name: quoted("v1 · 100% · live") }).first()).toBeVisible();
    await page.getByRole("link", { name: ui(studioSteps.flow), exact: true }).click();

    // 2. v1 is live: read only, saying why; a new version from it.
    await expect(page.getByText(ui("Read only"))).toBeVisible();
    await expect(page.getByText(quoted("Visitors are getting this version now: changing it would mix two designs in one set of results."))).toBeVisible();
    await page.getByRole("button", { name: ui("New version from this one") }).click();
    const asked = page.getByRole("dialog", { name: ui("New version v2") });
    await asked.getByRole("textbox", { name: ui("Description") }).fill(studioSteps.description);
    await asked.getByRole("button", { name: ui("Make v2") }).click();
    await expect(page.getByRole("heading", { level: 1, name: ui("business-water v2") })).toBeVisible();
    await expect(page.getByRole("textbox", { name: ui("What this version changes") })).toHaveValue(studioSteps.description);

    // 3. The split.
    await expect(page.getByRole("heading", { name: ui("Traffic split") })).toBeVisible();
    for (const [version, weight] of Object.entries(studioSteps.weights)) await page.getByRole("spinbutton", { name: ui(`Weight of v${version} (%)`) }).fill(String(weight));
    await expect(page.getByLabel(ui("Control (the default version)"))).toHaveValue(String(studioSteps.control));
    await expect(page.getByText(quoted("Weights add up to 100."))).toBeVisible();

    // 4. The first step: two steps are left unreachable, and the findings say so.
    await stepsList(page).getByLabel(ui("First step")).selectOption(studioSteps.firstStep);
    await expect(findings(page)).toContainText(studioSteps.counts[0]!);
    await expect(findings(page).getByText(quoted("no path from the start reaches this step"))).toHaveCount(2);
    await expect(page.locator(`g[data-step="${studioSteps.firstStep}"]`)).toContainText("start");

    // 5 and 6. Where next: the loop while one change is missing, then no findings.
    for (const [index, change] of studioSteps.nextChanges.entries()) {
      await stepsList(page).getByRole("button", { name: ui(change.step), exact: true }).click();
      const step = properties(page, change.step);
      await expect(step.getByLabel(ui("Where next"))).toHaveValue("plain");
      await expect(step.getByLabel(ui("Where next")).locator("option:checked")).toHaveText(ui("Always the same step"));
      await step.getByLabel(ui("Next step")).selectOption(change.to);
      if (index === 0) await expect(findings(page)).toContainText(studioSteps.counts[1]!);
    }
    await expect(findings(page)).toContainText(noFindings);

    // 7. The phone preview draws the chosen step from the draft.
    await stepsList(page).getByRole("button", { name: "supplier", exact: true }).click();
    const phone = page.frameLocator('iframe[title="Phone preview"]');
    await expect(phone.getByRole("heading", { name: studioSteps.firstQuestion })).toBeVisible();
    await expect(phone.getByText(quoted("Preview: nothing is sent."))).toBeVisible();

    // 8. Undo brings the loop back, redo takes it away; the keys do the same.
    const undo = page.getByRole("button", { name: /^Undo/ });
    await expect(undo).toHaveAccessibleName(quoted("Undo: Change next of spend"));
    await undo.click();
    await expect(findings(page)).toContainText(studioSteps.counts[1]!);
    await page.getByRole("button", { name: /^Redo/ }).click();
    await expect(findings(page)).toContainText(noFindings);
    expect(studioSection).toContain("**Ctrl+Z** and **Ctrl+Shift+Z**");
    await page.keyboard.press("Control+Z");
    await expect(findings(page)).toContainText(studioSteps.counts[1]!);
    await page.keyboard.press("Control+Shift+Z");
    await expect(findings(page)).toContainText(noFindings);

    // 9. Save: the diff, then Confirm save.
    expect(studio.read(`${studioSteps.flow}/v1.json`), "nothing written before Save").toBe(before);
    await page.getByRole("button", { name: ui("Save"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: ui("Save these changes?") });
    await expect(dialog.getByRole("heading", { name: /business-water\/v2\.json: a new file of \d+ lines/ })).toContainText(quoted(`a new file of ${handWritten().split("\n").length - 1} lines`));
    await expect(dialog.getByRole("heading", { name: /business-water\/split\.json/ })).toContainText(quoted("2 lines added, 1 removed"));
    await dialog.getByRole("button", { name: ui("Confirm save") }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText(/^Saved \S*forms\/business-water\/v2\.json and \S*forms\/business-water\/split\.json$/);
    expect(studioSection).toContain('"Saved forms/business-water/v2.json and forms/business-water/split.json"');
    await expect(page.getByText(ui("Read only"))).toBeVisible();

    // 10. The files, and the version tried with ?v=2.
    await expectSaved(studio, page);
  });

  test("refuses to save while there is an error, in the section's words", async ({ page }) => {
    await page.goto(`${studio.url}/studio/business-water/v2`);
    await page.getByRole("button", { name: "New version from this one" }).click();
    await page.getByRole("textbox", { name: "Description" }).fill("Starts at the address");
    await page.getByRole("button", { name: "Make v3" }).click();
    await stepsList(page).getByLabel("First step").selectOption("address");
    await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
    await expect(page.getByText(quoted("Save is refused while there is an error: fix the errors under Findings first."))).toBeVisible();
  });

  test("catches a file changed on disk meanwhile, writing nothing, in the section's words", async ({ page }) => {
    await page.goto(`${studio.url}/studio/home-broadband/v1`);
    await page.getByRole("button", { name: "New version from this one" }).click();
    await page.getByRole("textbox", { name: "Description" }).fill("Asks the speed first");
    await page.getByRole("button", { name: "Make v2" }).click();
    await page.getByRole("spinbutton", { name: "Weight of v1 (%)" }).fill("50");
    await page.getByRole("spinbutton", { name: "Weight of v2 (%)" }).fill("50");
    // Meanwhile, in an editor:
    const elsewhere = studio.read("home-broadband/split.json").replace('"default": 1', '"default": 1,\n  "plannedPerVersion": 900');
    studio.write("home-broadband/split.json", elsewhere);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    const conflict = page.getByRole("dialog", { name: ui("Changed on disk since you opened it") });
    await expect(conflict).toContainText("Nothing was written");
    await expect(conflict).toContainText('"plannedPerVersion": 900');
    await expect(conflict.getByRole("button", { name: ui("Reload from disk") })).toBeVisible();
    expect(studio.read("home-broadband/split.json")).toBe(elsewhere);
    await conflict.getByRole("button", { name: ui("Keep my draft") }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("dialog", { name: "Save these changes?" }).getByRole("button", { name: "Confirm save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toContainText("home-broadband/split.json");
  });

  test("draws the conditions cookbook's rows in the builder with the words the page gives, and writes its JSON", async ({ page }) => {
    const rows = [...cookbook.matchAll(/^\| ([^|]+) \| ([^|]+?)(?: \(([a-z-]+)\))? \| `(.+)` \|$/gm)].map((m) => ({ drawn: m[2]!.split(" · "), flowId: m[3] ?? "business-energy", json: JSON.parse(m[4]!) as object }));
    expect(rows).toHaveLength(7);
    for (const { drawn, flowId, json } of rows) {
      const [fieldWords, comparison, valueWords] = drawn;
      const field = /"var":\s*"(\w+)"/.exec(JSON.stringify(json))![1]!;
      await page.goto(`${studio.url}/studio/${flowId}/v1`);
      await page.getByRole("button", { name: "New version from this one" }).click();
      await page.getByRole("textbox", { name: "Description" }).fill("Trying a condition");
      await page.getByRole("dialog").getByRole("button", { name: /^Make v\d+$/ }).click();
      const start = await stepsList(page).getByLabel("First step").inputValue();
      await stepsList(page).getByRole("button", { name: start, exact: true }).click();
      const step = properties(page, start);
      await step.getByLabel("Where next").selectOption("rules");
      await step.getByLabel("Rule 1: Field").selectOption(field);
      await expect(step.getByLabel("Rule 1: Field").locator("option:checked"), fieldWords).toHaveText(`${fieldWords} (${field})`);
      await step.getByLabel("Rule 1: Comparison").selectOption({ label: comparison! });
      if (comparison === "is one of") {
        const wanted = valueWords!.split(" or ");
        const boxes = step.getByRole("group", { name: "Rule 1: Values" }).getByRole("checkbox");
        for (const box of await boxes.all()) await box.setChecked(wanted.includes(await box.evaluate((el: HTMLInputElement) => el.labels?.[0]?.textContent ?? "")));
      } else if (valueWords !== undefined) {
        const value = step.getByLabel("Rule 1: Value", { exact: true });
        if ((await value.evaluate((el) => el.tagName)) === "SELECT") {
          const option = value.locator("option").filter({ hasText: new RegExp(`^${valueWords.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\(|$)`) });
          await value.selectOption((await option.getAttribute("value"))!);
        } else await value.fill(valueWords);
      }
      await step.getByRole("button", { name: "Edit as JSON" }).click();
      const written = JSON.parse(await step.getByLabel(`Step ${start} as JSON`).inputValue()) as { next: Array<{ when?: object }> };
      expect(written.next[0]!.when, drawn.join(" · ")).toEqual(json);
    }
  });
});

test.describe("the same by keyboard alone", () => {
  const studio = studioForTests();

  /** Shift+Tab until the element has the focus. */
  async function tabBackTo(page: Page, target: ReturnType<Page["locator"]>, most = 200): Promise<void> {
    for (let i = 0; i < most; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press("Shift+Tab");
    }
    await expect(target, "reached by Shift+Tab").toBeFocused();
  }
  /** Arrow keys on a focused list until it shows `value`. */
  async function arrowTo(page: Page, select: ReturnType<Page["locator"]>, value: string): Promise<void> {
    await expect(select).toBeFocused();
    const options = await select.locator("option").evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    const from = options.indexOf(await select.inputValue());
    const to = options.indexOf(value);
    expect(to, `${value} is offered`).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < Math.abs(to - from); i++) await page.keyboard.press(to > from ? "ArrowDown" : "ArrowUp");
    await expect(select).toHaveValue(value);
  }
  const clean = async (page: Page, where: string) => expect(await axeViolations(page), where).toEqual([]);

  test("goes from the list to a saved version 2 with Tab, Enter, Space and the arrow keys, axe finding nothing on the way", async ({ page }) => {
    await page.goto(`${studio.url}/studio/`);
    await clean(page, "the list");
    await tabTo(page, page.getByRole("link", { name: studioSteps.flow, exact: true }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "business-water v1" })).toBeVisible();
    await clean(page, "v1, read only");

    await tabTo(page, page.getByRole("button", { name: "New version from this one" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("textbox", { name: "Description" })).toBeFocused();
    await clean(page, "the new version dialog");
    await page.keyboard.type(studioSteps.description);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "business-water v2" })).toBeVisible();

    for (const [version, weight] of Object.entries(studioSteps.weights)) {
      await tabTo(page, page.getByRole("spinbutton", { name: `Weight of v${version} (%)` }));
      await page.keyboard.press("Control+A");
      await page.keyboard.type(String(weight));
    }
    await expect(page.getByText("Weights add up to 100.")).toBeVisible();
    await clean(page, "v2 with its split");

    const first = stepsList(page).getByLabel("First step");
    await tabBackTo(page, first);
    await arrowTo(page, first, studioSteps.firstStep);
    await expect(findings(page)).toContainText(studioSteps.counts[0]!);
    await clean(page, "v2 with findings");

    for (const [index, change] of studioSteps.nextChanges.entries()) {
      await tabBackTo(page, stepsList(page).getByRole("button", { name: change.step, exact: true }));
      await page.keyboard.press(index === 0 ? "Enter" : "Space");
      const next = properties(page, change.step).getByLabel("Next step");
      await tabTo(page, next, 200);
      await arrowTo(page, next, change.to);
      await clean(page, `step ${change.step}`);
    }
    await expect(findings(page)).toContainText(noFindings);
    // Ctrl+Z right after a choice from a list takes the choice back.
    await page.keyboard.press("Control+Z");
    await expect(findings(page)).toContainText(studioSteps.counts[1]!);
    await page.keyboard.press("Control+Shift+Z");
    await expect(findings(page)).toContainText(noFindings);

    await tabBackTo(page, page.getByRole("button", { name: "Save", exact: true }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Save these changes?" });
    await expect(dialog).toBeVisible();
    await clean(page, "the save dialog");
    await tabTo(page, dialog.getByRole("button", { name: "Confirm save" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    await clean(page, "v2 saved, read only");
    await expectSaved(studio, page);
  });
});
