/**
 * The results pages as an analyst first meets them, in Chromium at 1300×900: the decision sentence of each kind of
 * test (none, keep running, ship, split broken) is on the first screen of the list of flows and of the flow's own
 * page, the list stays small, and axe finds nothing on the list, a flow's page or the sign-in page.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { expect, test, type Locator } from "./pageTest";
import { allViolations } from "./axe";
import { SCENARIOS } from "./resultsScenarioList";

const SCREEN = { width: 1300, height: 900 };

test.use({ viewport: SCREEN });
test.describe.configure({ mode: "serial" });

let server: ChildProcess | undefined;
const results = { url: "" };
test.beforeAll(async () => {
  server = spawn("node_modules/.bin/tsx", ["tests/e2e/resultsScenarios.ts"], { stdio: ["ignore", "pipe", "inherit"] });
  const [line] = (await once(createInterface({ input: server.stdout! }), "line")) as [string];
  results.url = line.trim();
});
test.afterAll(() => {
  server?.kill();
});

/** Whether the element lies wholly within the first screen, unscrolled. */
async function onFirstScreen(element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= SCREEN.height && box.x + box.width <= SCREEN.width;
}

test("the list of flows gives each kind of decision in words on its first screen, in under 40 KB for every flow", async ({ page }) => {
  const response = await page.goto(`${results.url}/analysts/flows/`);
  const html = await response!.text();
  expect(html.length).toBeLessThan(40_000);
  await expect(page.getByRole("list", { name: "Flows and their tests" }).getByRole("listitem")).toHaveCount(19);

  for (const [kind, scenario] of Object.entries(SCENARIOS)) {
    const line = page.getByRole("listitem").filter({ has: page.locator(`a[href="/analysts/flows/${scenario.flowId}/"]`) });
    await expect(line, kind).toHaveCount(1);
    const sentence = (await line.innerText()).replace(/^[^:]*: (Keep running |Ship |Split broken )?/, "");
    expect(sentence, kind).toMatch(scenario.sentence);
    expect(await onFirstScreen(line), `${kind} on the first screen`).toBe(true);
  }
});

for (const [kind, scenario] of Object.entries(SCENARIOS)) {
  test(`a flow's page opens with its decision on the first screen: ${kind}`, async ({ page }) => {
    await page.goto(`${results.url}/analysts/flows/`);
    await page.locator(`a[href="/analysts/flows/${scenario.flowId}/"]`).click();

    await expect(page).toHaveURL(`${results.url}/analysts/flows/${scenario.flowId}/`);
    const decision = page.locator("#decision");
    const sentence = (await decision.innerText()).replace(/^(No test|Keep running|Ship|Split broken) /, "");
    expect(sentence).toMatch(scenario.sentence);
    expect(await onFirstScreen(decision)).toBe(true);
    await expect(page.getByRole("heading", { name: "What next" })).toBeVisible();
  });
}

test("axe finds nothing on the list of flows, a flow's page with a test, one without, and the sign-in page", async ({ page }) => {
  for (const url of [`${results.url}/analysts/flows/`, `${results.url}/analysts/flows/${SCENARIOS.ship.flowId}/`, `${results.url}/analysts/flows/${SCENARIOS.noTest.flowId}/`]) {
    await page.goto(url);
    expect(await allViolations(page), url).toEqual([]);
  }
  // The sign-in page of the suite's own server, where analysts must sign in.
  await page.goto("/analysts/sign-in");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  expect(await allViolations(page)).toEqual([]);
});
