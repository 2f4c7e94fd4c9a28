/**
 * SPEC §2, §4 and §7 on the quote pages, in the browser: the shell's query parameters, Back from a chosen
 * service to the chooser, the phone status, the success page's upsell on every flow and version, and the data layer.
 */
import { readdirSync } from "node:fs";
import { expect, test, type Page } from "../e2e/pageTest";
import { chooseConsentBeforehand, readDataLayer } from "../e2e/siteHelpers";
import { driveFlow, readFlowDoc } from "../e2e/flowDriver";
import { DATA_LAYER_EVENTS } from "./specEnumerations";
import { QUOTE_FORM_TEXTS } from "./specTables";

const quoteFlow = (page: Page) => page.locator(".quote-flow");
const ready = (page: Page) => expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
const phoneLine = (page: Page) => page.locator(".phone-line");

test.describe("§2 the query parameters the shell reads", () => {
  test("v picks the version, and postcode fills and looks up the address step", async ({ page }) => {
    await page.goto("/quote/business-energy/?v=2&postcode=LS1%204DY");
    await ready(page);
    await expect(quoteFlow(page)).toHaveAttribute("data-version", "2");
    await expect(page.getByLabel("Select your address")).toBeVisible();
  });

  test("serviceType picks the chooser's service", async ({ page }) => {
    await page.goto("/quote/?serviceType=business-water");
    await ready(page);
    await expect(page.getByRole("radio", { name: "Business water" })).toBeChecked();
  });

  test("currentlyAcceptsCardPayments answers the card payments question", async ({ page }) => {
    await page.goto("/quote/take-card-payments/?currentlyAcceptsCardPayments=yes");
    await ready(page);
    await expect(quoteFlow(page)).not.toHaveAttribute("data-step", "accepts");
  });

  test("fcc is recorded for tracking, under its own name", async ({ page, context, baseURL }) => {
    await chooseConsentBeforehand(context, baseURL!, { analytics: true, marketing: true });
    await page.goto("/quote/business-energy/?fcc=partner-7");
    await ready(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("fcc") ?? "[]") as Array<{ value: string }>);
    expect(stored.map((entry) => entry.value)).toEqual(["partner-7"]);
  });

  test("tm marks a test visit: the built site pushes no form events to the data layer", async ({ page }) => {
    await page.goto("/quote/business-energy/?v=1&tm=1");
    await ready(page);
    await page.getByRole("radio", { name: "Electricity", exact: true }).click();
    await expect(quoteFlow(page)).toHaveAttribute("data-step", "spend");
    const events = (await readDataLayer(page)).filter((entry) => typeof entry === "object" && entry !== null && "event" in entry);
    expect(events.filter((entry) => String((entry as { event: string }).event).startsWith("form_"))).toEqual([]);
  });
});

test.describe("§7 the data layer on a real visit", () => {
  test("form_start, form_step and form_step_history carry the spec's payload keys", async ({ page }) => {
    await page.goto("/quote/business-energy/?v=1");
    await ready(page);
    await page.getByRole("radio", { name: "Electricity", exact: true }).click();
    await expect(quoteFlow(page)).toHaveAttribute("data-step", "spend");
    const pushed = (await readDataLayer(page)) as Array<Record<string, unknown>>;
    for (const [name, keys] of DATA_LAYER_EVENTS.filter(([name]) => ["form_start", "form_step", "form_step_history"].includes(name))) {
      const event = pushed.find((entry) => entry.event === name);
      expect(event, name).toBeDefined();
      expect(Object.keys(event!).filter((key) => key !== "event").sort()).toEqual([...keys].sort());
    }
  });
});

test.describe("§2 the quote form's words", () => {
  test("Back and Next lozenges, Postcode, Or enter address manually, My address isn't listed and the Next button", async ({ page }) => {
    await page.goto("/quote/business-energy/?v=1");
    await ready(page);
    await page.getByRole("radio", { name: "Electricity", exact: true }).click();
    await page.getByRole("button", { name: QUOTE_FORM_TEXTS.back }).click();
    await expect(page.locator(".lozenge--next")).toHaveText(QUOTE_FORM_TEXTS.next);
    await expect(page.locator(".lozenge--back")).toHaveCount(0);

    await page.goto("/quote/business-energy/?v=2");
    await ready(page);
    await expect(page.getByRole("button", { name: QUOTE_FORM_TEXTS.manualAddress })).toBeVisible();
    await page.getByLabel(QUOTE_FORM_TEXTS.postcode).fill("LS1 4DY");
    await page.getByRole("button", { name: "Find address" }).click();
    await expect(page.getByRole("button", { name: QUOTE_FORM_TEXTS.addressNotListed })).toBeVisible();
    await expect(page.locator("#quote-step-form button.button--next")).toHaveText(QUOTE_FORM_TEXTS.next);
  });
});

test.describe("§2 the generic /quote/ chooser", () => {
  test("Back on the chosen service's first step returns to the chooser with the pick kept", async ({ page }) => {
    await page.goto("/quote/");
    await ready(page);
    await page.getByRole("radio", { name: "Business water" }).click();
    await expect(page).toHaveURL(/\/quote\/business-water\/$/);
    await expect(quoteFlow(page)).toHaveAttribute("data-flow", "business-water");
    await page.getByRole("button", { name: QUOTE_FORM_TEXTS.back }).click();
    await expect(page).toHaveURL(/\/quote\/\?serviceType=business-water$/);
    await expect(quoteFlow(page)).toHaveAttribute("data-flow", "quote");
    await expect(page.getByRole("radio", { name: "Business water" })).toBeChecked();
    await page.getByRole("button", { name: QUOTE_FORM_TEXTS.next, exact: true }).click();
    await expect(quoteFlow(page)).toHaveAttribute("data-flow", "business-water");
  });

  test("a quote page opened directly has no Back on its first step", async ({ page }) => {
    await page.goto("/quote/business-water/");
    await ready(page);
    await expect(page.getByRole("button", { name: QUOTE_FORM_TEXTS.back })).toHaveCount(0);
  });
});

test.describe("§2 the phone status", () => {
  test("a quote page says the phone lines are Open now, by the site's hours, without showing them", async ({ page }) => {
    await page.goto("/quote/business-energy/");
    await expect(phoneLine(page)).toContainText(QUOTE_FORM_TEXTS.open);
    await expect(phoneLine(page).getByRole("link")).toHaveAttribute("href", /^tel:0\d+$/);
    await expect(phoneLine(page)).not.toContainText(/\d{1,2}:\d{2}/);
  });

  test("a quote page says Currently closed when the server says the lines are closed", async ({ page }) => {
    await page.route("**/api/partners?*", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), open: false } });
    });
    await page.goto("/quote/business-water/");
    await expect(phoneLine(page)).toContainText(QUOTE_FORM_TEXTS.closed);
  });

  test("the phone line arrives without moving the question's options under the visitor's finger", async ({ page }) => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/api/partners?*", async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto("/quote/business-energy/?v=1");
    await ready(page);
    const option = page.getByRole("radio", { name: "Electricity", exact: true });
    const before = await option.boundingBox();
    answer();
    await expect(phoneLine(page)).toContainText(QUOTE_FORM_TEXTS.open);
    expect(await option.boundingBox()).toEqual(before);
  });
});

/** Every version of every flow that takes a lead. */
const leadFlowVersions = readdirSync("forms", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "quote" && entry.name !== "deals")
  .flatMap((entry) =>
    readdirSync(`forms/${entry.name}`)
      .flatMap((file) => /^v(\d+)\.json$/.exec(file)?.[1] ?? [])
      .map((version) => readFlowDoc(entry.name, Number(version))),
  );

test.describe("§2 the success page", () => {
  for (const flow of leadFlowVersions) {
    test(`/quote/${flow.path}/ v${flow.version} ends with the stop-searching text, the phone status and an upsell`, async ({ page }) => {
      await page.goto(`/quote/${flow.path}/?v=${flow.version}`);
      const { code } = await driveFlow(page);
      expect(code).toBeDefined();
      await expect(page.getByText(QUOTE_FORM_TEXTS.stopSearching)).toBeVisible();
      await expect(phoneLine(page)).toContainText(QUOTE_FORM_TEXTS.open);
      const upsell = page.getByRole("region", { name: "Switch more services" });
      await expect(upsell.getByRole("button")).not.toHaveCount(0);
      expect(await upsell.getByRole("button").count()).toBeGreaterThanOrEqual(2);
    });
  }

  test("choosing a service in the upsell starts it with the address and contact details filled", async ({ page }) => {
    await page.goto("/quote/business-energy/?v=1");
    await driveFlow(page);
    await page.getByRole("region", { name: "Switch more services" }).getByRole("button").first().click();
    await expect(quoteFlow(page)).not.toHaveAttribute("data-flow", "business-energy");
    await driveFlow(page, { stopAt: "contact", visitor: {} });
    await expect(page.locator("#field-phone")).not.toHaveValue("");
  });
});
