/**
 * New flow, on the live site (two instances on PostgreSQL when TEST_DATABASE_URL is set): a publisher makes a flow
 * from a copy of business water with its own id, title and the specification's types, chosen from their lists, and
 * publishes its v1; a phone visitor on the other instance walks /quote/<id>/ to its success step, the page titled as
 * the flow and kept out of search engines, and the lead reaches a loopback buyer of the chosen service type. Listed,
 * the page is offered to search engines. Axe finds nothing on the New flow dialog.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { newFlowDocument } from "../../engine/studio/newFlows";
import { startReceiver, type Receiver } from "../server/support/receiver";
import { TEST_SECRETS, testBuyers, writeBuyersFile } from "../server/support/pipelineFixtures";
import { allViolations } from "./axe";
import { driveFlow, readFlowDoc } from "./flowDriver";
import { liveServerForTests, signInTo } from "./liveStudioServer";
import { expect, test } from "./pageTest";
import { e2ePort } from "./server";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const ASK = { id: "waste-campaign", title: "Compare office waste collection", productType: "businessWaste", serviceType: "business-waste" } as const;
const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

let receiver: Receiver | undefined;
let buyersFile = "";
let scratch = "";
// Registered before the servers' own, so they start with the loopback buyers.
test.beforeAll(async () => {
  receiver = await startReceiver();
  scratch = mkdtempSync(path.join(tmpdir(), "new-flow-buyers-"));
  buyersFile = await writeBuyersFile(scratch, testBuyers(receiver.url));
});
test.afterAll(async () => {
  await receiver?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const server = liveServerForTests(e2ePort + 2020, () => ({ BUYERS_FILE: buyersFile, DELIVERY_WORKER: "on", DELIVERY_POLL_MS: "50", ...TEST_SECRETS }));

const guide = readFileSync(path.resolve(import.meta.dirname, "../../docs/analysts.md"), "utf8");
const section = guide.slice(guide.indexOf("## The studio on the live site"), guide.indexOf("## Signing in")).replace(/\s+/g, " ");
/** A name docs/analysts.md's live studio section gives in bold: the test presses or reads exactly that. */
function ui(words: string): string {
  expect(section, `the guide names **${words}**`).toContain(`**${words}**`);
  return words;
}

test("a publisher makes a new flow from a copy and publishes it; a phone visitor's lead reaches a buyer of its service type", async ({ page, browser }) => {
  await signInTo(page, server, "/analysts/studio/");
  await page.getByRole("button", { name: ui("New flow") }).click();
  const dialog = page.getByRole("dialog", { name: "New flow" });
  await dialog.getByLabel(ui("Copy of")).selectOption("business-water");
  // Checked as typed: a taken id says so, and the flow cannot be made.
  await dialog.getByRole("textbox", { name: ui("Flow id") }).fill("business-water");
  await expect(dialog.getByRole("status")).toHaveText('There is already a flow "business-water": choose another id.');
  await expect(dialog.getByRole("button", { name: ui("Make the flow") })).toBeDisabled();
  await dialog.getByRole("textbox", { name: "Flow id" }).fill(ASK.id);
  await dialog.getByRole("textbox", { name: ui("Title") }).fill(ASK.title);
  await dialog.getByLabel(ui("Product type")).selectOption(ASK.productType);
  await dialog.getByLabel(ui("Service type")).selectOption(ASK.serviceType);
  await expect(dialog.getByRole("status")).toHaveText("");
  expect(await allViolations(page), "the New flow dialog").toEqual([]);
  await dialog.getByRole("button", { name: "Make the flow" }).click();

  await expect(page.getByRole("heading", { level: 1, name: `${ASK.id} v1 (draft)` })).toBeVisible();
  await expect(page.getByText("a new flow: nothing of it is published yet")).toBeVisible();
  await expect(page.getByText(/^Kept on the server at /)).toBeVisible();
  // Until it is published, the list of flows links to its draft.
  await page.getByRole("link", { name: ui("All flows") }).click();
  await expect(page.getByRole("heading", { level: 2, name: "New flows not yet published" })).toBeVisible();
  await page.getByRole("link", { name: `${ASK.id} v1 (draft)` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${ASK.id} v1 (draft)` })).toBeVisible();
  await page.getByRole("button", { name: ui("Publish"), exact: true }).click();
  const publish = page.getByRole("dialog", { name: ui("Publish these changes?") });
  await publish.getByRole("textbox", { name: ui("Why") }).fill("Office waste campaign");
  await publish.getByRole("button", { name: ui("Confirm publish") }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${ASK.id} v1`, exact: true })).toBeVisible();
  await expect(page.getByText(ui("Not listed."), { exact: true })).toBeVisible();

  // A phone on the other instance: the flow's own page, kept out of search engines, walked to its success step.
  const context = await browser.newContext({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  const url = `${server.visitorOrigin}/quote/${ASK.id}/`;
  await expect.poll(async () => (await phone.goto(url))?.status(), { timeout: 10_000 }).toBe(200);
  await expect(phone).toHaveTitle(`${ASK.title} | SwitchPlan`);
  await expect(phone.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(phone.getByRole("heading", { level: 1, name: ASK.title })).toBeVisible();
  const v1 = newFlowDocument(readFlowDoc("business-water", 1), ASK);
  const { leadId, steps } = await driveFlow(phone, { readDoc: (flow, version) => (flow === ASK.id ? v1 : readFlowDoc(flow, version)) });
  expect(steps.at(-1)).toBe(`${ASK.id}/done`);
  expect(leadId).toBeDefined();
  const [delivered] = await receiver!.waitFor(1, 20_000);
  expect(delivered!.path).toBe("/leads/waste");
  expect(delivered!.body).toMatchObject({ leadId, serviceType: ASK.serviceType });
  await context.close();

  // Listed: the page is offered to search engines.
  await page.getByRole("button", { name: ui("List flow") }).click();
  await expect(page.getByText(`${ASK.id} was made in the studio and is listed`)).toBeVisible();
  // The other instance reads the listing within a second or so (server/studio/listedFlows.ts).
  await expect.poll(async () => (await (await fetch(url)).text()).includes('content="noindex"'), { timeout: 10_000 }).toBe(false);
});
