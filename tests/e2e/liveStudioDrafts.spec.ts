/**
 * Preview on a phone, on the live site: a publisher's draft makes a preview link by its button; the link (shown with
 * a QR code of itself) opens the draft in a phone-sized page on the other instance without signing in, is listed
 * with when it ends, and stops working once revoked; another link stops working once the draft is published.
 * The flows page links to the studio, whose header (the analysts' pages' own) signs out. Axe finds nothing on the
 * studio, with the links open, nor on the phone's preview.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "./pageTest";
import { qrPath } from "../../site/studio/QrCode";
import { liveServerForTests, PUBLISHER } from "./liveStudioServer";
import { axeViolations } from "./studioHelpers";
import { e2ePort } from "./server";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const server = liveServerForTests(e2ePort + 2010);
const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const guide = readFileSync(path.resolve(import.meta.dirname, "../../docs/analysts.md"), "utf8");
const section = guide.slice(guide.indexOf("## The studio on the live site"), guide.indexOf("## Signing in")).replace(/\s+/g, " ");
/** A name docs/analysts.md's live studio section gives in bold: the test presses or reads exactly that. */
function ui(words: string): string {
  expect(section, `the guide names **${words}**`).toContain(`**${words}**`);
  return words;
}

const clean = async (page: Page, where: string) => expect(await axeViolations(page), where).toEqual([]);

async function signIn(page: Page, path: string): Promise<void> {
  await page.goto(`${server.origin}${path}`);
  await page.getByLabel("Name").fill(PUBLISHER.name);
  await page.getByLabel("Password").fill(PUBLISHER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${server.origin}${path}`);
}

/** Opens a link on a phone that has never signed in, on the visitors' instance: its status and the page. */
async function onPhone(browser: Browser, link: string, look: (phone: Page, status: number) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  const url = new URL(link);
  const response = await phone.goto(`${server.visitorOrigin}${url.pathname}`);
  await look(phone, response?.status() ?? 0);
  await context.close();
}

test("a draft's preview link, made by its button, opens on a phone, is listed, and stops working when revoked or the draft is published", async ({ page, browser }) => {
  // One header on the analysts' pages and the studio: the flows page links to the studio.
  await signIn(page, "/analysts/flows/");
  await page.getByRole("navigation", { name: "Analysts" }).getByRole("link", { name: ui("Flow studio") }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Flow studio" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: ui("Sign out") })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Signed in as pat");
  await clean(page, "the studio under the analysts' header");
  await page.goto(`${server.origin}/analysts/studio/home-insurance/v1`);
  await page.getByRole("button", { name: "New version from this one" }).click();
  const asked = page.getByRole("dialog", { name: "New version v2" });
  await asked.getByRole("textbox", { name: "Description" }).fill("Tried on a phone first");
  await asked.getByRole("button", { name: "Make v2" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "home-insurance v2 (draft)" })).toBeVisible();
  await expect(page.getByText(/^Kept on the server at /)).toBeVisible();

  // The button opens the region; a link is made, shown with a copy button and its QR code, and listed.
  await page.getByRole("button", { name: ui("Preview on a phone") }).click();
  const links = page.getByRole("region", { name: "Preview on a phone" });
  await expect(links).toContainText("No link opens this draft.");
  await links.getByRole("button", { name: ui("Make a preview link") }).click();
  const first = await links.getByRole("textbox", { name: ui("Preview link") }).inputValue();
  expect(first).toMatch(new RegExp(`^${server.origin}/preview/[A-Za-z0-9_-]{43}/$`));
  await expect(links.getByRole("button", { name: ui("Copy link") })).toBeVisible();
  const qr = links.getByRole("img", { name: /^QR code of the new preview link/ });
  await expect(qr.locator("path")).toHaveAttribute("d", qrPath(first).d);
  const listed = links.getByRole("list", { name: ui("Live preview links") }).getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText(/Made by pat on .*; works until .* \(in 7 days\)\./);
  await clean(page, "the draft with its preview links");

  await onPhone(browser, first, async (phone, status) => {
    expect(status).toBe(200);
    await expect(phone.getByText("Preview of a draft")).toBeVisible();
    await expect(phone.locator("body")).toContainText("Visitors do not see it.");
    await clean(phone, "the preview on a phone");
  });

  // A second link, revoked: it stops working, the first still works.
  await links.getByRole("button", { name: "Make a preview link" }).click();
  await expect(links.getByRole("textbox", { name: "Preview link" })).not.toHaveValue(first);
  const second = await links.getByRole("textbox", { name: "Preview link" }).inputValue();
  await expect(listed).toHaveCount(2);
  await listed.first().getByRole("button", { name: new RegExp(`^${ui("Revoke")} the link made by pat`) }).click();
  await expect(links.getByRole("status")).toHaveText("The preview link is revoked: it no longer opens the draft.");
  await expect(listed).toHaveCount(1);
  await onPhone(browser, second, async (phone, status) => {
    expect(status).toBe(404);
    await expect(phone.getByRole("heading", { name: "Preview ended" })).toBeVisible();
  });
  await onPhone(browser, first, async (_phone, status) => expect(status).toBe(200));

  // Publishing the draft ends its links.
  await page.getByRole("button", { name: ui("Publish"), exact: true }).click();
  const publish = page.getByRole("dialog", { name: ui("Publish these changes?") });
  await publish.getByRole("textbox", { name: "Why" }).fill("Seen on a phone");
  await publish.getByRole("button", { name: ui("Confirm publish") }).click();
  await expect(page.getByRole("heading", { level: 1, name: "home-insurance v2", exact: true })).toBeVisible();
  await expect(page.getByText("Read only.")).toBeVisible();
  await onPhone(browser, first, async (phone, status) => {
    expect(status).toBe(404);
    await expect(phone.getByRole("heading", { name: "Preview ended" })).toBeVisible();
  });

  // Sign out from the studio's header.
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/analysts\/sign-in/);
});
