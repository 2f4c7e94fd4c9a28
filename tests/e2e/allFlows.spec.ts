import { readdirSync } from "node:fs";
import { expect, test } from "./pageTest";
import { driveFlow, drivePlainFlow, postAndWait, readFlowDoc, sampleVisitor } from "./flowDriver";
import { leadsByEmail, readLead, type StoredLeadRow } from "./server";

/** Success, and the buyer-specific successes routing gives (energy, payments, home solar, business solar, waste…). */
const ROUTED_SUCCESS = ["1", "5", "6", "7", "8", "9", "10"];

/** Every quote page but the chooser: its flow folder and route. */
const quotePages = readdirSync("forms", { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== "quote" && readdirSync(`forms/${e.name}`).includes("v1.json"))
  .map((e) => ({ flowId: e.name, path: readFlowDoc(e.name, 1).path }));

test("there is a quote page for each of the eighteen services", () => {
  expect(quotePages.map((p) => p.path).sort()).toEqual(
    [
      "business-broadband", "business-credit-cards", "business-energy", "business-energy-generators", "business-insurance",
      "business-solar", "business-waste", "business-water", "home-broadband", "home-energy", "home-energy-generators",
      "home-insurance", "home-payments", "home-solar", "home-waste", "home-water", "take-card-payments",
      "take-card-payments/barclaycard",
    ].sort(),
  );
});

/** What two leads of the same walk share: everything but the visitor's own details and what is made of them. */
function sameWalk(lead: StoredLeadRow) {
  const { phone: _phone, email: _email, ...answers } = lead.answers;
  return {
    flow_id: lead.flow_id,
    flow_version: lead.flow_version,
    response_code: lead.response_code,
    consent_wording: lead.consent_wording,
    consented_buyers: lead.consented_buyers,
    privacy_notice_version: lead.privacy_notice_version,
    answers,
  };
}

for (const { flowId, path } of quotePages) {
  test(`a visitor completes /quote/${path}/ and the lead is stored, with scripts and without, the same`, async ({ page, browser }) => {
    await page.goto(`/quote/${path}/?v=1`);
    const visitor = sampleVisitor();
    const { leadId, code, steps } = await driveFlow(page, { visitor });
    expect(ROUTED_SUCCESS, steps.join(" → ")).toContain(code);
    await expect(page.getByText("No need to do anything else – we'll be in touch shortly.")).toBeVisible();
    const lead = readLead(leadId!);
    expect(lead).toMatchObject({ flow_id: flowId, flow_version: 1, first_name: "Alex", last_name: "Example" });
    expect(lead?.answers).toMatchObject({ phone: visitor.phone, email: visitor.email, postcode: "LS1 4DY" });

    // The same walk in a browser that runs no scripts: every step a plain form the server answers.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await plainPage.goto(`/quote/${path}/?v=1`);
    const plainVisitor = sampleVisitor();
    const plainWalk = await drivePlainFlow(plainPage, { visitor: plainVisitor });
    expect(plainWalk.steps).toEqual(steps);
    await expect(plainPage.getByText("No need to do anything else – we'll be in touch shortly.")).toBeVisible();
    await plain.close();
    const [withScripts] = leadsByEmail(visitor.email!);
    const withoutScripts = leadsByEmail(plainVisitor.email!);
    expect(withoutScripts).toHaveLength(1);
    expect(sameWalk(withoutScripts[0]!)).toEqual(sameWalk(withScripts!));
  });
}

test("without scripts, the chooser hands over to the chosen service's flow, which stores its lead", async ({ browser }) => {
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto("/quote/");
  await page.getByRole("radio", { name: "Business water" }).check();
  await postAndWait(page, () => page.getByRole("button", { name: "Next", exact: true }).click());
  await expect(page).toHaveURL(/\/quote\/business-water\/\?step=/);
  const visitor = sampleVisitor();
  const { steps } = await drivePlainFlow(page, { visitor });
  expect(steps.at(-1)).toBe("business-water/done");
  expect(leadsByEmail(visitor.email!)).toMatchObject([{ flow_id: "business-water" }]);
  await plain.close();
});

test("the chooser preselects the service named in the query and continues into that service's flow", async ({ page }) => {
  await page.goto("/quote/?serviceType=business-water");
  await expect(page.getByRole("radio", { name: "Business water" })).toBeChecked();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/\/quote\/business-water\/$/);
  await expect(page.locator(".quote-flow")).toHaveAttribute("data-flow", "business-water");
  const { leadId } = await driveFlow(page);
  expect(readLead(leadId!)).toMatchObject({ flow_id: "business-water" });
});

test("a card payments landing answer skips that question, and Back still shows it answered", async ({ page }) => {
  await page.goto("/quote/take-card-payments/?currentlyAcceptsCardPayments=no");
  await expect(page.locator(".quote-flow")).not.toHaveAttribute("data-step", "accepts");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("radio", { name: "Not yet" })).toBeChecked();
});

test("after a lead, an upsell starts another service with the address and contact details already filled", async ({ page }) => {
  await page.goto("/quote/business-water/?v=1");
  const visitor = sampleVisitor();
  const first = await driveFlow(page, { visitor });
  expect(ROUTED_SUCCESS).toContain(first.code);
  const offer = page.locator(".upsell-list button").first();
  await offer.click();
  const second = page.locator(".quote-flow");
  await expect(second).not.toHaveAttribute("data-flow", "business-water");
  const nextFlowId = (await second.getAttribute("data-flow"))!;

  const untilAddress = await driveFlow(page, { stopAt: "address", visitor: {} });
  expect(untilAddress.steps.at(-1)).toBe(`${nextFlowId}/address`);
  await expect(page.getByLabel("Select your address")).not.toHaveValue("");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  // Whatever the next service asks on the way, its contact step arrives already filled in.
  await driveFlow(page, { stopAt: "contact", visitor: {} });
  for (const field of ["customerName", "phone", "email"]) {
    await expect(page.locator(`#field-${field}`)).toHaveValue(visitor[field]!);
  }
  const { leadId } = await driveFlow(page, { visitor: {} });
  expect(readLead(leadId!)).toMatchObject({ flow_id: nextFlowId, first_name: "Alex" });
  expect(readLead(leadId!)?.answers).toMatchObject({ phone: visitor.phone, email: visitor.email, postcode: "LS1 4DY" });
});

test("a reload in the middle of a flow keeps the answers given in this visit", async ({ page }) => {
  await page.goto("/quote/business-water/?v=1");
  await driveFlow(page, { stopAt: "address" });
  await page.reload();
  await expect(page.locator(".quote-flow")).toHaveAttribute("data-step", "address");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.locator(".quote-flow input[type=radio]:checked")).toHaveCount(1);
});
