/**
 * The Traffic region on the live site, in Chromium against a production server of its own: business energy runs a
 * test of three versions. A publisher types weights that do not add up to 100 and is told so as they type, with Save
 * traffic held; then decides the test on accepted leads with a 10% guardrail on leads, confirmed like any traffic
 * change (a new period, Why), and finds the reason in the history and the new decision metric on the flow's results
 * page. Axe finds nothing on each screen. With TEST_DATABASE_URL set, two instances share one PostgreSQL and the
 * visitors are served by the other one.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./pageTest";
import { e2ePort } from "./server";
import { liveServerForTests, PUBLISHER } from "./liveStudioServer";
import { axeViolations } from "./studioHelpers";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const server = liveServerForTests(e2ePort + 2010);
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const guide = readFileSync(path.resolve(import.meta.dirname, "../../docs/analysts.md"), "utf8");
const section = guide.slice(guide.indexOf("## The studio on the live site"), guide.indexOf("## Signing in")).replace(/\s+/g, " ");
/** A name docs/analysts.md gives in bold ("Weight of vN" for "Weight of v1"): the test presses or reads exactly that. */
function ui(words: string): string {
  expect(section, `the guide names **${words.replace(/ v\d+$/, " vN")}**`).toContain(`**${words.replace(/ v\d+$/, " vN")}**`);
  return words;
}

const clean = async (page: Page, where: string) => expect(await axeViolations(page), where).toEqual([]);
const traffic = (page: Page) => page.getByRole("region", { name: ui("Traffic") });
const history = (page: Page) => page.getByRole("region", { name: ui("History") });

async function signIn(page: Page, where: string): Promise<void> {
  await page.goto(`${server.origin}${where}`);
  await expect(page).toHaveURL(/\/analysts\/sign-in\?return=/);
  await page.getByLabel("Name").fill(PUBLISHER.name);
  await page.getByLabel("Password").fill(PUBLISHER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${server.origin}${where}`);
}

test("weights are checked as typed, and a decision metric set in Traffic is in the history and the results", async ({ page }) => {
  await signIn(page, "/analysts/studio/business-energy/v1");
  await expect(page.getByRole("heading", { level: 1, name: "business-energy v1" })).toBeVisible();
  const region = traffic(page);
  const versions = region.getByRole("table", { name: /share of visitors/ });
  await expect(versions.getByRole("rowheader")).toHaveText(["v1", "v2", "v3"]);
  await expect(versions.getByRole("radio", { name: "Control: v1" })).toBeChecked();
  const save = region.getByRole("button", { name: ui("Save traffic") });
  await expect(save).toBeDisabled();
  await clean(page, "the Traffic region");

  // Weights of 60/30/20 do not add up to 100: said while typing, and Save traffic held.
  await versions.getByRole("spinbutton", { name: ui("Weight of v1") }).fill("60");
  await versions.getByRole("spinbutton", { name: "Weight of v2" }).fill("30");
  await expect(region).toContainText("The weights add up to 110: they must add up to 100 before the traffic can be saved.");
  await expect(save).toBeDisabled();
  await clean(page, "weights that do not add up");
  await versions.getByRole("spinbutton", { name: "Weight of v1" }).fill("40");
  await versions.getByRole("spinbutton", { name: "Weight of v2" }).fill("40");
  await expect(region).toContainText("This is the traffic in force");
  await expect(save).toBeDisabled();

  // Decide on accepted leads, with at most 10% of the control's leads lost.
  const decideOn = region.getByRole("combobox", { name: ui("Decide on") });
  await expect(decideOn).toHaveValue("value");
  await decideOn.selectOption({ label: "accepted leads (visits whose lead a buyer accepted)" });
  await region.getByRole("spinbutton", { name: "Guardrail on leads (%)" }).fill("10");
  await save.click();
  const dialog = page.getByRole("dialog", { name: ui("Change the traffic?") });
  await expect(dialog).toContainText("Decide on accepted leads, within a guardrail on leads (at most 10% lost).");
  await expect(dialog).toContainText("this changes how the test is decided, at once, and starts a new experiment period");
  await clean(page, "the traffic dialog for a decision metric");
  await dialog.getByRole("textbox", { name: ui("Why") }).fill("Buyers pay for accepted leads");
  await dialog.getByRole("button", { name: ui("Confirm traffic change") }).click();
  await expect(dialog).toHaveCount(0);
  await expect(region.getByRole("status")).toContainText("Traffic changed: Decide on accepted leads");
  const latest = history(page).getByRole("listitem").first();
  await expect(latest).toContainText("Traffic: v1 40%, v2 40%, v3 20% (control v1); decided on accepted leads, within a guardrail on leads (at most 10% lost)");
  await expect(latest).toContainText("Why: Buyers pay for accepted leads");
  // The region is drawn again from the traffic now in force.
  await expect(traffic(page).getByRole("combobox", { name: "Decide on" })).toHaveValue("acceptedLeads");
  await expect(traffic(page).getByRole("spinbutton", { name: "Guardrail on leads (%)" })).toHaveValue("10");
  await clean(page, "traffic and history after the change");

  // A visitor served in the new period, then the results page, linked from Traffic, decides on accepted leads.
  await expect(traffic(page).getByRole("link", { name: ui("Results of this test") })).toHaveAttribute("href", "/analysts/flows/business-energy/");
  await expect
    .poll(async () => {
      await fetch(`${server.visitorOrigin}/quote/business-energy/`, { headers: { "user-agent": PHONE } });
      await page.goto(`${server.origin}/analysts/flows/business-energy/`);
      return page.locator("main").innerText();
    }, { message: "the results page decides on accepted leads", timeout: 30_000 })
    .toContain("The decision is taken on accepted leads.");
  await expect(page.locator("main")).toContainText("Decided on: accepted leads, within a guardrail on leads (at most 10% lost).");
  await expect(page.locator("main")).toContainText("Buyers pay for accepted leads");
  await expect(page.getByRole("region", { name: "What next" })).toContainText("Traffic");
  await expect(page.getByRole("region", { name: "What next" })).not.toContainText("Traffic split");
  await clean(page, "the results page");
});
