/**
 * The studio on the live site, in Chromium against a production server: a publisher makes home insurance's v2 by
 * sight (a question for visitors who tick Buildings), publishes it, gives it 20%; a fresh visitor served v2 by weight
 * walks the branch to success; the publisher ships v2, a fresh phone visitor is served it and walks it to success, then
 * the publisher restores the earlier traffic from the history. An
 * editor sees no Publish or traffic controls; anonymous visitors get nothing. Axe finds nothing on each screen.
 * With TEST_DATABASE_URL set, two instances share one PostgreSQL and the visitor is served by the other one.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "./pageTest";
import type { FlowDocument } from "../../engine/core/types";
import { answerStep, sampleVisitor } from "./flowDriver";
import { EDITOR, liveServerForTests, PUBLISHER, signInOn } from "./liveStudioServer";
import { axeViolations } from "./studioHelpers";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const server = liveServerForTests();
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const EXTRA_QUESTION = "Is your home a listed building?";

const guide = readFileSync(path.resolve(import.meta.dirname, "../../docs/analysts.md"), "utf8");
const section = guide.slice(guide.indexOf("## The studio on the live site"), guide.indexOf("## Signing in")).replace(/\s+/g, " ");
/** A name docs/analysts.md gives in bold ("Ship vN" for "Ship v2"): the test presses or reads exactly that. */
function ui(words: string): string {
  expect(section, `the guide names **${words.replace(/ v\d+$/, " vN")}**`).toContain(`**${words.replace(/ v\d+$/, " vN")}**`);
  return words;
}

const clean = async (page: Page, where: string) => expect(await axeViolations(page), where).toEqual([]);
const stepsList = (page: Page) => page.getByRole("region", { name: "Steps" });
const properties = (page: Page, step: string) => page.getByRole("region", { name: new RegExp(`^Step ${step} `) });
const traffic = (page: Page) => page.getByRole("region", { name: ui("Traffic") });
const history = (page: Page) => page.getByRole("region", { name: ui("History") });

const signIn = (page: Page, who: { name: string; password: string }, path?: string) => signInOn(page, server.origin, who, path);

/** Confirms the traffic change the dialog shows, with a reason; restoring a past traffic returns to its period. */
async function confirmTraffic(page: Page, why: string, warns = false, restores = false): Promise<void> {
  const dialog = page.getByRole("dialog", { name: ui("Change the traffic?") });
  await expect(dialog).toContainText(
    restores ? "This changes what visitors see, at once, and returns to the experiment period of that traffic" : "This changes what visitors see, at once, and starts a new experiment period",
  );
  if (restores) await expect(dialog).not.toContainText("starts a new experiment period");
  if (warns) await expect(dialog).toContainText("gets 0%");
  await clean(page, "the traffic dialog");
  await dialog.getByRole("textbox", { name: "Why" }).fill(why);
  await dialog.getByRole("button", { name: ui("Confirm traffic change") }).click();
  await expect(dialog).toHaveCount(0);
}

/** The version a fresh phone visitor is served, and its visit cookie. */
async function freshVisit(): Promise<{ version: number; cookie?: string }> {
  const response = await fetch(`${server.visitorOrigin}/quote/home-insurance/`, { headers: { "user-agent": PHONE } });
  const html = await response.text();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("_sp_visit="))?.split(";")[0];
  return { version: Number(/data-flow-version="(\d+)"/.exec(html)?.[1]), ...(cookie ? { cookie } : {}) };
}

/** A phone visitor (with the visit cookie given, else a new one) walks v2 (`doc`) to success, ticking Buildings: the steps seen. */
async function walkV2(browser: Browser, doc: FlowDocument, cookie?: string): Promise<string[]> {
  const visitor = await browser.newContext({ userAgent: PHONE });
  if (cookie) {
    const [name, value] = cookie.split("=");
    await visitor.addCookies([{ name: name!, value: value!, url: server.visitorOrigin }]);
  }
  const visit = await visitor.newPage();
  await visit.goto(`${server.visitorOrigin}/quote/home-insurance/`);
  await expect(visit.locator(".quote-flow")).toHaveAttribute("data-version", "2");
  const details = sampleVisitor();
  const seen: string[] = [];
  for (let guard = 0; guard < 12; guard++) {
    await expect(visit.locator(".quote-page")).toHaveAttribute("data-ready", "true");
    const stepId = (await visit.locator(".quote-flow").getAttribute("data-step"))!;
    seen.push(stepId);
    const step = doc.steps.find((s) => s.id === stepId)!;
    if (step.kind === "success") break;
    await answerStep(visit, step, { choose: { cover: "buildings" } }, details);
    await expect(visit.locator(".quote-flow")).not.toHaveAttribute("data-step", stepId, { timeout: 10_000 });
  }
  await visitor.close();
  return seen;
}

test("anonymous visitors get nothing of the studio", async ({ request }) => {
  const page = await request.get(`${server.origin}/analysts/studio/home-insurance/v1`, { maxRedirects: 0, headers: { accept: "text/html" } });
  const api = await request.get(`${server.origin}/api/analysts/studio/flows`);
  expect(page.status()).toBe(303);
  expect(page.headers().location).toContain("/analysts/sign-in");
  expect(api.status()).toBe(401);
});

test("a publisher makes v2 by sight, publishes it at 20%, a visitor served it by weight walks the branch, then it is shipped, walked by a fresh visitor and the traffic restored", async ({ page, browser }) => {
  // The list and the published version: read only.
  await signIn(page, PUBLISHER);
  await expect(page.getByRole("heading", { level: 1, name: "Flow studio" })).toBeVisible();
  await clean(page, "the list");
  await page.getByRole("link", { name: "home-insurance", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "home-insurance v1" })).toBeVisible();
  await expect(page.getByText("Read only.")).toBeVisible();
  await expect(stepsList(page).getByRole("button", { name: "cover", exact: true })).toBeVisible();
  await clean(page, "a published version");

  // New version from this one: a draft kept on the server.
  await page.getByRole("button", { name: ui("New version from this one") }).click();
  const asked = page.getByRole("dialog", { name: "New version v2" });
  await asked.getByRole("textbox", { name: "Description" }).fill("Asks owners of buildings whether the home is listed");
  await asked.getByRole("button", { name: "Make v2" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "home-insurance v2 (draft)" })).toBeVisible();
  await expect(page).toHaveURL(/\/analysts\/studio\/home-insurance\/v2\?draft=/);

  // The extra question after cover, for visitors who tick Buildings.
  await stepsList(page).getByRole("button", { name: "cover", exact: true }).click();
  await page.getByLabel("Kind of step").selectOption({ label: "Radio step" });
  await page.getByRole("button", { name: "Add step after cover" }).click();
  await properties(page, "new-step").getByLabel("Question", { exact: true }).fill(EXTRA_QUESTION);
  await stepsList(page).getByRole("button", { name: "cover", exact: true }).click();
  const cover = properties(page, "cover");
  await cover.getByLabel("Where next").selectOption("rules");
  await cover.getByLabel("Rule 1: Field").selectOption("coverTypes");
  await cover.getByLabel("Rule 1: Comparison").selectOption({ label: "has ticked" });
  await cover.getByLabel("Rule 1: Value", { exact: true }).selectOption("buildings");
  await cover.getByLabel("Rule 1: goes to").selectOption("new-step");
  await cover.getByLabel("Rule 2: goes to").selectOption("property");
  await expect(page.getByRole("region", { name: "Findings" })).toContainText("No findings");
  await expect(page.getByText(/^Kept on the server at .*being edited by pat/)).toBeVisible();

  // Kept on the server: a reload brings the draft back as it was.
  await page.reload();
  await expect(stepsList(page).getByRole("button", { name: "new-step", exact: true })).toBeVisible();
  await clean(page, "a draft");

  // Publish: the changes in words, Why, Confirm publish.
  await page.getByRole("button", { name: ui("Publish"), exact: true }).click();
  const publish = page.getByRole("dialog", { name: ui("Publish these changes?") });
  await expect(publish).toContainText('step "new-step" added (radio)');
  await expect(publish).toContainText('step "cover": next changed from "property" to');
  await clean(page, "the publish dialog");
  await publish.getByRole("textbox", { name: "Why" }).fill("Listed homes need specialist cover");
  await publish.getByRole("button", { name: ui("Confirm publish") }).click();
  await expect(page.getByRole("heading", { level: 1, name: "home-insurance v2" })).toBeVisible();
  await expect(page.getByText("Read only.")).toBeVisible();

  // 20% to v2.
  await traffic(page).getByRole("spinbutton", { name: ui("Weight of v1") }).fill("80");
  await traffic(page).getByRole("spinbutton", { name: "Weight of v2" }).fill("20");
  await traffic(page).getByRole("button", { name: ui("Save traffic") }).click();
  await confirmTraffic(page, "Try v2 on a fifth of visitors");
  await expect(history(page)).toContainText("Traffic: v1 80%, v2 20% (control v1)");
  await clean(page, "traffic and history");

  // A fresh visitor served v2 by weight walks the branch to success.
  let served: { version: number; cookie?: string } = { version: 0 };
  for (let tries = 0; tries < 80 && served.version !== 2; tries++) served = await freshVisit();
  expect(served.version, "a visitor is served v2 within 80 fresh visits at 20%").toBe(2);
  const v2 = (await (await page.request.get(`${server.origin}/api/analysts/studio/flows/home-insurance`)).json()) as { files: Record<string, { text: string }> };
  const doc = JSON.parse(v2.files["v2.json"]!.text) as FlowDocument;
  const seen = await walkV2(browser, doc, served.cookie);
  expect(seen.slice(0, 2)).toEqual(["cover", "new-step"]);
  expect(seen.at(-1)).toBe("done");

  // Ship v2: every fresh visitor is served it, on the other instance too, and walks it to success.
  await traffic(page).getByRole("button", { name: ui("Ship v2") }).click();
  await confirmTraffic(page, "v2 won", true);
  await expect(history(page).getByRole("listitem").first()).toContainText("Traffic: v1 0%, v2 100% (control v2)");
  // Ten fresh visitors in a row: one alone may still be served v2 by its 20% weight before the other instance follows.
  const allServedV2 = async () => {
    for (let i = 0; i < 10; i++) if ((await freshVisit()).version !== 2) return false;
    return true;
  };
  await expect.poll(allServedV2, { message: "fresh visitors are served the shipped v2" }).toBe(true);
  expect((await walkV2(browser, doc)).at(-1)).toBe("done");

  // Restore the 80/20 traffic from the history.
  await history(page).getByRole("button", { name: /^Restore this traffic: v1 80%, v2 20%/ }).click();
  await confirmTraffic(page, "Back to the test", false, true);
  await expect(history(page).getByRole("listitem").first()).toContainText("Traffic: v1 80%, v2 20% (control v1)");
  await expect(history(page).getByRole("listitem").first()).toContainText("By pat");
  await expect(traffic(page).getByRole("spinbutton", { name: "Weight of v2" })).toHaveValue("20");
});

test("an editor sees no Publish or traffic controls, the API refuses their traffic change, and a link asks before leaving an edit not yet kept", async ({ page }) => {
  await signIn(page, EDITOR, "/analysts/studio/home-insurance/v1");
  await expect(page.getByRole("heading", { level: 1, name: "home-insurance v1" })).toBeVisible();
  await expect(page.getByRole("region", { name: "History" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Traffic" })).toHaveCount(0);
  await page.getByRole("button", { name: ui("New version from this one") }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: "Description" }).fill("An editor's try");
  await page.getByRole("dialog").getByRole("button", { name: /^Make v\d+$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /\(draft\)$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Discard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  await clean(page, "an editor's draft");

  // An edit not yet kept: the page's own link asks first, and staying keeps the page.
  let release: () => void = () => undefined;
  let held: () => void = () => undefined;
  const keeping = new Promise<void>((resolve) => (held = resolve));
  await page.route("**/api/analysts/drafts/*", async (route) => {
    if (route.request().method() !== "PUT") return route.fallback();
    const go = new Promise<void>((resolve) => (release = resolve));
    held();
    await go;
    await route.fallback();
  });
  await page.getByRole("textbox", { name: "What this version changes" }).fill("An editor's second try");
  await expect(page.getByText("Changes not yet kept…")).toBeVisible();
  const asked = new Promise<string>((resolve) => page.once("dialog", (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))));
  await page.getByRole("link", { name: ui("All flows") }).click();
  expect(await asked).toContain("Your changes are not kept yet");
  await expect(page.getByRole("heading", { level: 1, name: /\(draft\)$/ })).toBeVisible();
  await keeping;
  release();
  await expect(page.getByText(/^Kept on the server at .*being edited by eddie/)).toBeVisible();

  // A version page shows its steps within a second of being asked for (a figure for the report, not a pass mark).
  const started = Date.now();
  await page.goto(`${server.origin}/analysts/studio/home-insurance/v1`);
  await expect(stepsList(page).getByRole("button", { name: "cover", exact: true })).toBeVisible();
  test.info().annotations.push({ type: "version page to its steps (ms)", description: String(Date.now() - started) });
  console.log(`version page to its steps: ${Date.now() - started} ms`);
  const refused = await page.request.post(`${server.origin}/api/analysts/flows/home-insurance/traffic/ship`, { data: { version: 1, why: "trying" }, headers: { origin: server.origin } });
  expect(refused.status()).toBe(403);
});
