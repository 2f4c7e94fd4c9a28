/**
 * Two editors on one draft, each on their own instance of one PostgreSQL store: each sees the other has it open;
 * edits to different properties join with Keep both; edits to the same property are shown, and the later one is
 * re-applied by hand; the draft on the server then holds every edit typed. Axe finds nothing on the dialogs.
 */
import { expect, test, type Page } from "./pageTest";
import { EDITOR, liveServerForTests, PUBLISHER, signInOn } from "./liveStudioServer";
import { axeViolations } from "./studioHelpers";
import { e2ePort } from "./server";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const server = liveServerForTests(e2ePort + 2020);
const clean = async (page: Page, where: string) => expect(await axeViolations(page), where).toEqual([]);
const description = (page: Page) => page.getByRole("textbox", { name: "What this version changes" });
const question = (page: Page) => page.getByRole("region", { name: /^Step cover / }).getByLabel("Question", { exact: true });
const kept = (page: Page) => expect(page.getByText(/^Kept on the server at /)).toBeVisible();
const conflictDialog = (page: Page) => page.getByRole("dialog", { name: "Saved by a colleague while you were editing" });

test("two editors on two instances see each other, keep both edits, and re-apply one by hand; nothing typed is lost", async ({ page, browser }) => {
  test.skip(!process.env.TEST_DATABASE_URL, "two instances need TEST_DATABASE_URL");
  expect(server.visitorOrigin).not.toBe(server.origin);
  await signInOn(page, server.origin, PUBLISHER, "/analysts/studio/home-insurance/v1");
  await page.getByRole("button", { name: "New version from this one" }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: "Description" }).fill("Two of us on it");
  await page.getByRole("dialog").getByRole("button", { name: /^Make v\d+$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /\(draft\)$/ })).toBeVisible();
  const draftPath = new URL(page.url()).pathname + new URL(page.url()).search;
  const draftId = new URL(page.url()).searchParams.get("draft")!;

  // Eddie opens the same draft on the other instance; each sees the other.
  const eddieContext = await browser.newContext();
  const eddie = await eddieContext.newPage();
  await signInOn(eddie, server.visitorOrigin, EDITOR);
  await eddie.goto(`${server.visitorOrigin}${draftPath}`);
  await expect(eddie.getByRole("heading", { level: 1, name: /\(draft\)$/ })).toBeVisible();
  await expect(eddie.getByText(/^Also open by pat \(since \d\d:\d\d\)\.$/)).toBeVisible();
  await expect(page.getByText(/^Also open by eddie \(since \d\d:\d\d\)\.$/)).toBeVisible({ timeout: 10_000 });

  // Different properties: pat's description and eddie's question join.
  await description(page).fill("Pat: a clearer first step");
  await kept(page);
  await eddie.getByRole("region", { name: "Steps" }).getByRole("button", { name: "cover", exact: true }).click();
  await question(eddie).fill("Which cover would you like?");
  const first = conflictDialog(eddie);
  await expect(first).toContainText(/pat saved this draft less than a minute ago, at \d\d:\d\d/);
  await expect(first.getByRole("region", { name: "pat's change" })).toContainText('description: "Two of us on it" → "Pat: a clearer first step"');
  await expect(first.getByRole("region", { name: "Your change" })).toContainText('step "cover" › question');
  await expect(first.getByRole("button", { name: "Keep both" })).toBeFocused();
  await expect(first).not.toContainText("Keep both cannot join");
  await clean(eddie, "the conflict dialog");
  // Escape sets it aside, the edit still on the page and not kept; the button brings it back.
  await eddie.keyboard.press("Escape");
  await expect(first).toHaveCount(0);
  await expect(question(eddie)).toHaveValue("Which cover would you like?");
  await expect(eddie.getByText(/^pat saved this draft since: your edit is not kept yet\./)).toBeVisible();
  await eddie.getByRole("button", { name: "Keep my edit" }).click();
  await first.getByRole("button", { name: "Keep both" }).click();
  await expect(first).toHaveCount(0);
  await expect(description(eddie)).toHaveValue("Pat: a clearer first step");
  await expect(question(eddie)).toHaveValue("Which cover would you like?");
  await kept(eddie);

  // Pat's next edit meets eddie's save: different properties again, Keep both.
  await description(page).fill("Pat: a clearer first question");
  await conflictDialog(page).getByRole("button", { name: "Keep both" }).click();
  await kept(page);

  // The same property: eddie's description meets pat's. Keep both cannot join it, says so, and asks about it.
  await description(eddie).fill("Eddie: friendlier words");
  const second = conflictDialog(eddie);
  await expect(second).toContainText("Both of you changed this property, so Keep both cannot join it:");
  await expect(second.getByRole("note")).toContainText("description");
  await clean(eddie, "the conflict dialog with an overlap");
  await second.getByRole("button", { name: "Keep both" }).click();
  const walk = eddie.getByRole("dialog", { name: "Re-apply your changes" });
  await expect(walk).toContainText("Your change 1 of 1, on pat's draft:");
  await expect(walk).toContainText('description: "Pat: a clearer first step" → "Eddie: friendlier words"');
  await expect(walk).toContainText('pat changed it too: description: "Pat: a clearer first step" → "Pat: a clearer first question"');
  await expect(walk.getByRole("button", { name: "Re-apply this change" })).toBeFocused();
  await clean(eddie, "re-applying a change");
  await walk.getByRole("button", { name: "Re-apply this change" }).click();
  await expect(walk).toHaveCount(0);
  await kept(eddie);

  // Take theirs, re-apply mine: each change of pat's is shown and re-applied on eddie's draft.
  await page.getByRole("region", { name: "Steps" }).getByRole("button", { name: "cover", exact: true }).click();
  await question(page).fill("Which cover do you need?");
  const third = conflictDialog(page);
  await third.getByRole("button", { name: "Take theirs, re-apply mine" }).click();
  const patWalk = page.getByRole("dialog", { name: "Re-apply your changes" });
  await expect(patWalk).toContainText("Your change 1 of 1, on eddie's draft:");
  await expect(patWalk).toContainText('step "cover" › question: "Which cover would you like?" → "Which cover do you need?"');
  await patWalk.getByRole("button", { name: "Re-apply this change" }).click();
  await kept(page);
  await expect(description(page)).toHaveValue("Eddie: friendlier words");

  // A change skipped is shown first: pat's description goes, seen, in favour of eddie's.
  await description(eddie).fill("Eddie: friendlier words, again");
  await conflictDialog(eddie).getByRole("button", { name: "Keep both" }).click();
  await kept(eddie);
  await expect(question(eddie)).toHaveValue("Which cover do you need?");
  await description(page).fill("Pat: overwritten?");
  await conflictDialog(page).getByRole("button", { name: "Take theirs, re-apply mine" }).click();
  await expect(patWalk).toContainText('description: "Eddie: friendlier words" → "Pat: overwritten?"');
  await patWalk.getByRole("button", { name: "Skip this change" }).click();
  await expect(patWalk).toHaveCount(0);
  await expect(description(page)).toHaveValue("Eddie: friendlier words, again");

  // Not conflicting at all: pat has nothing waiting, is told of eddie's save, and shows it.
  await kept(page);
  await question(eddie).fill("What cover would suit you?");
  await kept(eddie);
  const told = page.getByRole("note").filter({ hasText: /^eddie saved this draft since you last saw it, at \d\d:\d\d:\d\d\./ });
  await expect(told).toBeVisible({ timeout: 10_000 });
  await told.getByRole("button", { name: "Show their save" }).click();
  await expect(question(page)).toHaveValue("What cover would suit you?");
  await expect(told).toHaveCount(0);
  await question(page).fill("Which cover do you need?");
  await kept(page);

  const stored = await (await page.request.get(`${server.origin}/api/analysts/drafts/${draftId}`)).json();
  expect(stored.document.description).toBe("Eddie: friendlier words, again");
  expect(stored.document.steps.find((s: { id: string }) => s.id === "cover").question).toBe("Which cover do you need?");

  // Eddie closes the draft: pat soon sees nobody else has it open.
  await eddieContext.close();
  // Its page says so as it closes; were that lost, the 30 s expiry would.
  await expect(page.getByText("Nobody else has this draft open.")).toBeVisible({ timeout: 40_000 });
});
