/**
 * A visitor withdraws their consent themselves: the success page, with scripts and without, links their own
 * withdrawal page; opening it changes nothing, its button withdraws, and the certificate's status then says so. The
 * certificate's page shows what they saw, kept out of search, with none of their details; axe finds nothing on either page.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./pageTest";

// Each test walks a whole flow first, on a machine that may be busy.
test.describe.configure({ timeout: 90_000 });
import { drivePlainFlow, driveFlow, postAndWait, sampleVisitor } from "./flowDriver";
import { leadsByEmail } from "./server";

/** The status's claims, read from its JWS (its signature is checked by the server tests). */
async function statusOf(page: Page, jti: string): Promise<{ status: string; withdrawnAt: string | null }> {
  const response = await page.request.get(`/api/consent/${jti}`);
  expect(response.status()).toBe(200);
  return JSON.parse(Buffer.from((await response.text()).split(".")[1]!, "base64url").toString()) as { status: string; withdrawnAt: string | null };
}

async function noAxeFindings(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")}`))).toEqual([]);
}

/** From the success page: the link, its page, the button, and the status before and after; axe runs where scripts do. */
async function withdrawFromSuccessPage(page: Page, email: string, scripts: boolean): Promise<void> {
  const [lead] = leadsByEmail(email);
  expect(lead).toBeDefined();
  const jti = lead!.consent_jti!;
  const link = page.getByRole("link", { name: "withdraw my consent" });
  await expect(link).toBeVisible();
  await postAndWait(page, () => link.click());
  await expect(page.getByRole("heading", { level: 1, name: "Withdraw your consent" })).toBeVisible();
  if (scripts) await noAxeFindings(page);
  expect((await statusOf(page, jti)).status).toBe("active");
  await postAndWait(page, () => page.getByRole("button", { name: "Withdraw my consent" }).click());
  await expect(page.getByRole("status")).toHaveText("Your consent is withdrawn.");
  expect(await statusOf(page, jti)).toMatchObject({ status: "withdrawn", withdrawnAt: expect.stringMatching(/^\d{4}-/) });

  await page.goto(`/consent/${jti}/`);
  await expect(page.getByRole("heading", { level: 1, name: "Consent certificate" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("status")).toContainText("withdrawn");
  const text = await page.locator("main").innerText();
  for (const detail of [email, "Alex Example", "7946"]) expect(text).not.toContain(detail);
  if (scripts) await noAxeFindings(page);
}

test("a visitor with scripts withdraws their consent from the link on the success page", async ({ page }) => {
  const visitor = sampleVisitor();
  await page.goto("/quote/business-energy/?v=1");
  await driveFlow(page, { visitor });
  await withdrawFromSuccessPage(page, visitor.email!, true);
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor without scripts withdraws their consent from the link on the success page", async ({ page }) => {
    const visitor = sampleVisitor();
    await page.goto("/quote/business-energy/?v=1");
    await drivePlainFlow(page, { visitor });
    await withdrawFromSuccessPage(page, visitor.email!, false);
  });
});
