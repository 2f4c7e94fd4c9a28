import { expect, test } from "./pageTest";
import { chooseConsentBeforehand } from "./siteHelpers";

test.beforeEach(async ({ context, baseURL }) => chooseConsentBeforehand(context, baseURL!));

const postcodeBoxes = [
  { page: "/", flow: "business-energy", placeholder: "Enter your business postcode..." },
  { page: "/business-water/", flow: "business-water", placeholder: "Enter your business postcode..." },
  { page: "/business-waste/", flow: "business-waste", placeholder: "Enter your business postcode..." },
  { page: "/business-solar/", flow: "business-solar", placeholder: "Enter your business postcode..." },
  { page: "/home-energy/", flow: "home-energy", placeholder: "Enter your postcode..." },
  { page: "/home-energy/solar/", flow: "home-solar", placeholder: "Enter your postcode..." },
];

test("each postcode box leads to its service's quote page with the postcode, without reloading the page", async ({ page }) => {
  for (const box of postcodeBoxes) {
    // Once the page's code has arrived and hydrated it, the box moves within the app.
    await page.goto(box.page, { waitUntil: "networkidle" });
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const input = page.getByRole("textbox", { name: "Postcode" }).first();
    await expect(input).toHaveAttribute("placeholder", box.placeholder);
    await input.fill("M1 1AE");
    await page.getByRole("button", { name: "Get a quote" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/quote/${box.flow}/\\?postcode=M1\\+1AE$`));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), box.page).toBe(true);
  }
});

test("the business energy postcode box starts the quote with the address already looked up", async ({ page }) => {
  await page.goto("/business-energy/");
  await page.getByRole("textbox", { name: "Postcode" }).first().fill("LS1 4DY");
  await page.getByRole("button", { name: "Get a quote" }).first().click();
  await expect(page).toHaveURL(/\/quote\/business-energy\/\?postcode=LS1\+4DY$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("'Do you currently accept card payments?' carries Yes or No into the card payment quotes", async ({ page }) => {
  await page.goto("/take-card-payments/");
  await page.getByRole("form", { name: "Do you currently accept card payments?" }).first().getByRole("button", { name: "Yes" }).click();
  await expect(page).toHaveURL(/\/quote\/take-card-payments\/\?currentlyAcceptsCardPayments=yes$/);

  await page.goto("/take-card-payments/barclaycard/");
  await page.getByRole("form", { name: "Do you currently accept card payments?" }).first().getByRole("button", { name: "No" }).click();
  await expect(page).toHaveURL(/\/quote\/take-card-payments\/barclaycard\/\?currentlyAcceptsCardPayments=no$/);
});

test("insurance can be started with nothing to fill in", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Get an insurance quote" }).click();
  await expect(page).toHaveURL(/\/quote\/business-insurance\/$/);
  await page.goto("/business-insurance/");
  await page.getByRole("link", { name: "Get a business insurance quote" }).click();
  await expect(page).toHaveURL(/\/quote\/business-insurance\/$/);
});
