/**
 * A quote in a browser that runs no scripts: every step is a plain form the server answers, each kind works, errors
 * show in the error summary with the spec's messages, Back and reload work, and axe finds nothing, with scripts and
 * without, on every kind of step, its error state and the success page.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "./pageTest";
import { answerPlainStep, drivePlainFlow, postAndWait, readFlowDoc, sampleVisitor } from "./flowDriver";
import { leadsByEmail } from "./server";

test.use({ javaScriptEnabled: false });
// Each test walks a flow and scans several pages twice over (as served, then taken over by the page's script).
test.describe.configure({ timeout: 120_000 });

const next = (page: Page) => page.locator("#quote-step-form button.button--next");
const shownStep = (page: Page) => page.locator(".quote-flow");
const summary = (page: Page) => page.locator(".error-summary");

/** Every axe finding of any impact, as "rule (impact): target" lines. */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(" ")}`));
}

/** The same page in a browser with scripts, holding this visitor's cookies: the page's script takes the step over. */
async function withScripts(browser: Browser, context: BrowserContext, url: string): Promise<{ page: Page; close(): Promise<void> }> {
  const scripted = await browser.newContext({ javaScriptEnabled: true });
  await scripted.addCookies(await context.cookies());
  const page = await scripted.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
  return { page, close: () => scripted.close() };
}

/**
 * The page's markup as the server sends it, scanned by axe: the same address in a browser whose page may run no
 * script at all (a Content Security Policy of script-src 'none'), which axe itself, run by the test, is not held to.
 */
async function withoutScriptsScanned(browser: Browser, context: BrowserContext, url: string): Promise<string[]> {
  const scanning = await browser.newContext({ javaScriptEnabled: true });
  await scanning.addCookies(await context.cookies());
  const page = await scanning.newPage();
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() === "script") return route.abort();
    if (!route.request().isNavigationRequest() || route.request().frame() !== page.mainFrame()) return route.continue();
    const response = await route.fetch();
    return route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": "script-src 'none'" } });
  });
  await page.goto(url);
  const findings = await axeFindings(page);
  await scanning.close();
  return findings;
}

/** axe on the page as served without scripts, then on the same step taken over by the page's script. */
async function expectNoFindings(page: Page, browser: Browser, context: BrowserContext, what: string) {
  expect(await withoutScriptsScanned(browser, context, page.url()), `${what}, without scripts`).toEqual([]);
  const scripted = await withScripts(browser, context, page.url());
  expect(await axeFindings(scripted.page), `${what}, with scripts`).toEqual([]);
  await scripted.close();
}

test("radio and checkbox steps: Next with nothing chosen lists the problem, linked to the field and focused; a choice moves on", async ({ page, browser, context }) => {
  await page.goto("/quote/business-insurance/?v=1");
  await postAndWait(page, () => next(page).click());
  await expect(shownStep(page)).toHaveAttribute("data-step", "cover");
  await expect(summary(page)).toBeFocused();
  await expect(summary(page).getByRole("heading")).toHaveText("Please fix the following issues:");
  const link = summary(page).getByRole("link");
  await expect(link).toHaveAttribute("href", "#field-coverTypes");
  await expect(link).toHaveText(/\S/);
  await expectNoFindings(page, browser, context, "checkbox step with its error");

  await page.getByRole("checkbox").first().check();
  await postAndWait(page, () => next(page).click());
  await expect(shownStep(page)).toHaveAttribute("data-step", "industry");
  await expect(page.locator(".step-heading")).toBeFocused();
  await expectNoFindings(page, browser, context, "radio step");

  await postAndWait(page, () => next(page).click());
  await expect(summary(page).getByRole("link")).toHaveAttribute("href", "#field-industry");
  await expectNoFindings(page, browser, context, "radio step with its error");
});

test("the address step: a postcode looked up by the server, its addresses as options, and manual entry", async ({ page, browser, context }) => {
  await page.goto("/quote/business-water/?v=1");
  await drivePlainFlow(page, { stopAt: "address" });
  await expectNoFindings(page, browser, context, "address step");

  await postAndWait(page, () => page.getByRole("button", { name: "Find address" }).click());
  await expect(summary(page).getByRole("link")).toHaveText("Postcode is required");
  await expectNoFindings(page, browser, context, "address step with its error");
  await page.getByLabel("Postcode").fill("NOT A CODE");
  await postAndWait(page, () => page.getByLabel("Postcode").press("Enter"));
  await expect(summary(page).getByRole("link")).toHaveText("Postcode is invalid");

  await page.getByLabel("Postcode").fill("LS1 4DY");
  await postAndWait(page, () => page.getByLabel("Postcode").press("Enter"));
  await expect(page.getByLabel("Select your address")).toBeVisible();
  await postAndWait(page, () => next(page).click());
  await expect(summary(page).getByRole("link")).toHaveText("Please select your address");

  await postAndWait(page, () => page.getByRole("button", { name: "My address isn't listed" }).click());
  await expect(page.getByLabel("Street")).toBeVisible();
  await expect(page.getByLabel("Postcode")).toHaveValue("LS1 4DY");
  await postAndWait(page, () => next(page).click());
  await expect(summary(page).getByRole("link")).toHaveText(["Street is required", "Town/City is required"]);
  await expectNoFindings(page, browser, context, "manual address with its errors");
  await page.getByLabel("Street").fill("1 Example Street");
  await page.getByLabel("Town/City").fill("Leeds");
  await postAndWait(page, () => next(page).click());
  await expect(shownStep(page)).toHaveAttribute("data-step", "contact");
});

test("the contact form: every problem listed in order, each under its field, what was typed kept; then the success page with the phone status and other services", async ({
  page,
  browser,
  context,
}) => {
  await page.goto("/quote/business-water/?v=1");
  await drivePlainFlow(page, { stopAt: "contact" });
  await expectNoFindings(page, browser, context, "form step");

  await page.locator("#field-phone").fill("12345");
  await postAndWait(page, () => next(page).click());
  await expect(summary(page)).toBeFocused();
  await expect(summary(page).getByRole("link")).toHaveText([
    "Business name is required",
    "Full name is required",
    "Please enter a valid UK phone number so we can contact you with a quote",
    "Email is required",
  ]);
  await expect(page.locator("#field-phone")).toHaveValue("12345");
  await expect(page.locator("#field-phone__error")).toContainText("Please enter a valid UK phone number");
  await expectNoFindings(page, browser, context, "form step with its errors");

  const visitor = sampleVisitor();
  for (const field of ["businessName", "customerName", "phone", "email"]) await page.locator(`#field-${field}`).fill(visitor[field]!);
  await postAndWait(page, () => next(page).click());
  await expect(page.locator(".step-heading")).toHaveText("No need to do anything else – we'll be in touch shortly.");
  await expect(page.locator(".buyer-list .phone-status").first()).toHaveText("Open now");
  await expect(page.getByRole("heading", { name: "Switch more services" })).toBeVisible();
  // Stored once: at once, or, if the store was too busy to answer in time, from this instance's spool moments later.
  await expect.poll(() => leadsByEmail(visitor.email!).length, { timeout: 10_000 }).toBe(1);
  expect(leadsByEmail(visitor.email!)).toHaveLength(1);
  await expectNoFindings(page, browser, context, "success page");

  // Another service from the success page starts with the visitor's address and details already given.
  await postAndWait(page, () => page.locator(".upsell-list button").first().click());
  const otherFlow = (await shownStep(page).getAttribute("data-flow"))!;
  expect(otherFlow).not.toBe("business-water");
  await drivePlainFlow(page, { stopAt: "contact", visitor: {} });
  await expect(page.locator("#field-email")).toHaveValue(visitor.email!);
});

test("a partner marketplace and a deals table need no script of ours, and both ask for a call back", async ({ page, browser, context }) => {
  await page.goto("/quote/business-credit-cards/?v=1");
  await drivePlainFlow(page, { stopAt: "marketplace" });
  await expect(page.locator("iframe.marketplace-frame")).toHaveAttribute("src", /^\/api\/marketplace\//);
  await expect(page.getByRole("link", { name: /marketplace in a new tab/ })).toBeVisible();
  await expectNoFindings(page, browser, context, "mmob step");
  await postAndWait(page, () => page.getByRole("button", { name: "Request a call back" }).click());
  await expect(shownStep(page)).toHaveAttribute("data-step", "callTime");

  await page.goto("/quote/home-broadband/?v=1");
  await drivePlainFlow(page, { stopAt: "deals" });
  await expect(page.locator(".deals-table tbody tr").first()).toBeVisible();
  await expectNoFindings(page, browser, context, "stickee step");
  await postAndWait(page, () => page.getByRole("button", { name: "Request a call back" }).click());
  await expect(shownStep(page)).toHaveAttribute("data-step", "callTime");
});

test("on every step of business energy, a reload shows the same step, and Back (ours or the browser's) the one before with its answer", async ({ page }) => {
  await page.goto("/quote/business-energy/?v=1");
  const flow = readFlowDoc("business-energy", 1);
  const visitor = sampleVisitor();
  let previous: string | undefined;
  for (let guard = 0; guard < 12; guard++) {
    const stepId = (await shownStep(page).getAttribute("data-step"))!;
    if (stepId === "done") return;
    await page.reload();
    await expect(shownStep(page)).toHaveAttribute("data-step", stepId);
    if (previous) {
      await postAndWait(page, () => page.getByRole("button", { name: "Back" }).click());
      await expect(shownStep(page)).toHaveAttribute("data-step", previous);
      const before = flow.steps.find((s) => s.id === previous)!;
      if (before.kind === "radio") await expect(page.locator("input[type=radio]:checked")).toHaveCount(1);
      if (before.kind === "full-business-address") await expect(page.getByLabel("Select your address")).not.toHaveValue("");
      // The browser's own Back and Forward too: each step's page is fetched again, never a stale copy.
      await page.goBack();
      await expect(shownStep(page)).toHaveAttribute("data-step", stepId);
      await page.goForward();
      await expect(shownStep(page)).toHaveAttribute("data-step", previous);
      await postAndWait(page, () => next(page).click());
      await expect(shownStep(page)).toHaveAttribute("data-step", stepId);
    }
    previous = stepId;
    await answerPlainStep(page, flow.steps.find((s) => s.id === stepId)!, {}, visitor);
  }
  throw new Error("business energy did not reach its success step");
});

test("a session cookie changed by hand gets a clear message and stores nothing", async ({ page, context }) => {
  await page.goto("/quote/business-water/?v=1");
  const visitor = sampleVisitor();
  await drivePlainFlow(page, { stopAt: "contact", visitor });
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === "_sp_quote")!;
  // Its first character changed, whatever it was (a value that already began with "x" stayed as it was, 1 run in 64).
  const changed = session.value.startsWith("x") ? "y" : "x";
  await context.addCookies([{ ...session, value: `${changed}${session.value.slice(1)}` }]);
  for (const field of ["businessName", "customerName", "phone", "email"]) await page.locator(`#field-${field}`).fill(visitor[field]!);
  await postAndWait(page, () => next(page).click());

  await expect(page.getByRole("alert").filter({ hasText: "Your answers could not be checked, so nothing was saved. Please start again." })).toBeVisible();
  expect(leadsByEmail(visitor.email!)).toEqual([]);
});

test("takes the first answer of a browser that keeps no cookies in the version its page showed, 8 visits out of 8", async ({ browser }) => {
  for (let visit = 0; visit < 8; visit++) {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/quote/business-energy/");
    const version = (await shownStep(page).getAttribute("data-version"))!;
    const first = readFlowDoc("business-energy", Number(version)).start;
    // The visit cookie the page set is not kept: the answer carries the version its form was drawn for.
    await context.clearCookies();

    await answerPlainStep(page, readFlowDoc("business-energy", Number(version)).steps.find((s) => s.id === first)!, {}, sampleVisitor());

    await expect(page.getByText("Your answers could not be checked")).toHaveCount(0);
    await expect(shownStep(page)).toHaveAttribute("data-version", version);
    await expect(shownStep(page)).not.toHaveAttribute("data-step", first);
    await context.close();
  }
});
