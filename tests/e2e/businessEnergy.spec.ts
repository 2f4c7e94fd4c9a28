import { expect, test, type Page } from "./pageTest";
import { readLead } from "./server";

const PHONE_MESSAGE = "Please enter a valid UK phone number so we can contact you with a quote";

/** The lead id from the server's answer to the submission the page makes. */
async function submitAndReadLeadId(page: Page, submit: () => Promise<void>): Promise<string> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/leads")), submit()]);
  const body = (await response.json()) as { code: string; leadId: string };
  expect(["1", "5", "8", "99"]).toContain(body.code);
  return body.leadId;
}

const stepHeading = (page: Page) => page.locator("h2.step-heading");

test("a visitor completes business energy v1 with taps and a picked address, and the lead is stored", async ({ page }) => {
  await page.goto("/quote/business-energy/?v=1");
  await expect(page.locator(".quote-flow")).toHaveAttribute("data-version", "1");
  await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
  await expect(stepHeading(page)).toHaveText("Which do you need a quote for?");

  await page.getByRole("radio", { name: "Electricity and gas" }).click();
  await expect(stepHeading(page)).toHaveText("Roughly how much does your business spend on energy each month?");
  await expect(stepHeading(page)).toBeFocused();
  await page.getByRole("radio", { name: "£1,000 – £5,000" }).click();
  await expect(stepHeading(page)).toHaveText("Do you have a half-hourly electricity meter?");
  await page.getByRole("radio", { name: "Not sure" }).click();
  await page.getByRole("radio", { name: "In the next 3 months" }).click();
  await page.getByRole("radio", { name: "Octopus Energy" }).click();

  await expect(stepHeading(page)).toHaveText("What is your business address?");
  await page.getByLabel("Postcode").fill("ls14dy");
  await page.getByRole("button", { name: "Find address" }).click();
  await page.getByLabel("Select your address").selectOption({ label: "Brightwell Print Studio, 14 Calder Row, Leeds, LS1 4DY" });
  await page.getByRole("button", { name: "Next", exact: true }).click();

  await expect(stepHeading(page)).toHaveText("Where should we send your quotes?");
  await page.getByLabel("Business name").fill("Brightwell Print Studio");
  await page.getByLabel("Full name").fill("Mary-Jane O'Neil");
  await page.getByLabel("Phone number").fill("0113 496 0000");
  await page.getByLabel("Email").fill("mary@example.com");
  const leadId = await submitAndReadLeadId(page, () => page.getByRole("button", { name: "Get my quotes" }).click());

  await expect(page.getByText("No need to do anything else – we'll be in touch shortly.")).toBeVisible();
  const lead = readLead(leadId);
  expect(lead).toMatchObject({ flow_id: "business-energy", flow_version: 1, first_name: "MaryJane", last_name: "ONeil", test_mode: 0 });
  expect(lead?.answers).toMatchObject({
    utility: "both",
    spendString: "between1000And5000",
    spend: 1000,
    businessAddressManual: false,
    postcode: "LS1 4DY",
    businessAddress: { id: "demo-ls1-4dy-2" },
  });
  // Its consent certificate says when each step was answered, in the order they were, by the page's script.
  const claims = JSON.parse(Buffer.from(lead!.consent_certificate!.split(".")[1]!, "base64url").toString()) as { iat: number; form: { entry: string; steps: Array<{ id: string; answeredAt?: string }> } };
  expect(claims.form.entry).toBe("script");
  expect(claims.form.steps.map((step) => step.id)).toEqual(["utility", "spend", "meter", "contract", "supplier", "address", "contact"]);
  const times = claims.form.steps.map((step) => new Date(step.answeredAt!).getTime());
  expect(times.every((time, i) => Number.isFinite(time) && (i === 0 || time >= times[i - 1]!))).toBe(true);
  expect(times.at(-1)!).toBeLessThan((claims.iat + 1) * 1000);
});

test("a keyboard-only visitor completes business energy v2, correcting an invalid phone on the way", async ({ page }) => {
  await page.goto("/quote/business-energy/?v=2");
  await expect(page.locator(".quote-flow")).toHaveAttribute("data-version", "2");
  // The server's page shows v2 at once; the keyboard's Enter is the form's own once the page's script has taken it.
  await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
  await expect(stepHeading(page)).toHaveText("Where is your business?");

  // Address: type the postcode, Enter looks it up; choose from the list, then Tab to Next.
  await page.getByLabel("Postcode").focus();
  await page.keyboard.type("M1 1AE");
  await page.keyboard.press("Enter");
  const addressList = page.getByLabel("Select your address");
  await expect(addressList).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(addressList).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(addressList).not.toHaveValue("");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "My address isn't listed" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");

  // Radio steps: focus lands on the heading; Tab into the group, arrows choose, Enter moves on.
  await expect(stepHeading(page)).toHaveText("Which do you need a quote for?");
  await expect(stepHeading(page)).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowDown"); // Gas
  await expect(page.getByRole("radio", { name: "Gas", exact: true })).toBeChecked();
  await expect(stepHeading(page)).toHaveText("Which do you need a quote for?");
  await page.keyboard.press("Enter");

  await expect(stepHeading(page)).toHaveText("Roughly how much does your business spend on energy each month?");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space"); // the first band
  await page.keyboard.press("Enter");

  // Gas only: no half-hourly meter question.
  await expect(stepHeading(page)).toHaveText("When does your current energy contract end?");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await page.keyboard.press("Enter");
  await expect(stepHeading(page)).toHaveText("Who supplies your business energy now?");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await page.keyboard.press("Enter");

  await expect(stepHeading(page)).toHaveText("What is your business called?");
  await expect(stepHeading(page)).toBeFocused();
  await expect(page.getByLabel("Business name")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Business name")).toBeFocused();
  await page.keyboard.type("Piccadilly Bikes Ltd");
  await page.keyboard.press("Enter");

  await expect(stepHeading(page)).toHaveText("Who should the quotes go to?");
  await expect(page.getByLabel("Full name")).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.type("Sam Okafor");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await page.keyboard.press("Tab");
  await page.keyboard.type("sam@example.com");
  await page.keyboard.press("Enter");

  const summary = page.getByRole("alert").filter({ hasText: "Please fix the following issues:" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: PHONE_MESSAGE })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(summary.getByRole("link", { name: PHONE_MESSAGE })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Phone number")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("020 7946 0000");
  const leadId = await submitAndReadLeadId(page, () => page.keyboard.press("Enter"));

  await expect(page.getByText("No need to do anything else – we'll be in touch shortly.")).toBeVisible();
  await expect(stepHeading(page)).toBeFocused();
  const lead = readLead(leadId);
  expect(lead).toMatchObject({ flow_version: 2, first_name: "Sam", last_name: "Okafor" });
  expect(lead?.answers).toMatchObject({ utility: "gas", spendString: "below1000", spend: 0, businessName: "Piccadilly Bikes Ltd", phone: "020 7946 0000" });
  expect(lead?.answers).not.toHaveProperty("hasHalfHourlyMeter");
});

test("a postcode in the query is looked up at once; an unknown one says so and the address can be typed", async ({ page }) => {
  await page.goto("/quote/business-energy/?v=1&postcode=SW1A%201AA&tm=1");
  // The form answers clicks once it has taken over the page (a click before then selects a radio and goes nowhere).
  await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
  for (const answer of ["Electricity", "Under £1,000", "No", "It has already ended", "British Gas"]) {
    await page.getByRole("radio", { name: answer, exact: true }).click();
  }
  await expect(stepHeading(page)).toHaveText("What is your business address?");
  await expect(page.getByLabel("Postcode")).toHaveValue("SW1A 1AA");
  await expect(page.getByText("No addresses found. Please check the postcode is correct.")).toBeVisible();

  await page.getByRole("button", { name: "Or enter address manually" }).click();
  await expect(page.getByLabel("Street")).toBeFocused();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fix the following issues:" })).toContainText("Street is required");
  await page.getByLabel("Street").fill("10 Example Lane");
  await page.getByLabel("Town/City").fill("London");
  await page.getByRole("button", { name: "Next", exact: true }).click();

  await page.getByLabel("Business name").fill("Example Lane Florist");
  await page.getByLabel("Full name").fill("Priya");
  await page.getByLabel("Phone number").fill("020 7946 0000");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Get my quotes" }).click();
  await expect(page.getByRole("alert")).toContainText("Email is invalid");
  await page.getByLabel("Email").fill("priya@example.com");
  const leadId = await submitAndReadLeadId(page, () => page.getByRole("button", { name: "Get my quotes" }).click());

  await expect(page.getByText("Test mode")).toBeVisible();
  const lead = readLead(leadId);
  expect(lead).toMatchObject({ test_mode: 1, first_name: "Priya", last_name: "" });
  expect(lead?.answers).toMatchObject({ businessAddressManual: true, street: "10 Example Lane", townCity: "London", postcode: "SW1A 1AA" });
});
