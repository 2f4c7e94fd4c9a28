import { expect, test } from "./pageTest";

test("the home page and the quote page arrive as HTML with their content before any script runs", async ({ request }) => {
  const home = await request.get("/");
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain("<h1>Compare business energy and save</h1>");

  const quote = await request.get("/quote/business-energy/?v=1");
  expect(quote.status()).toBe(200);
  const html = await quote.text();
  expect(html).toContain("<title>Compare business energy prices | SwitchPlan</title>");
  expect(html).toContain("Which do you need a quote for?");
  expect(html).toMatch(/<input type="radio" id="field-utility" [^>]*value="electricity"[^>]*\/>/);
  // A real form the server answers, so no notice asks for JavaScript.
  expect(html).toMatch(/<form id="quote-step-form" [^>]*method="post"[^>]*><input type="hidden" name="_step" value="utility"\/><input type="hidden" name="_rev" value="0"\/>/);
  expect(html).not.toContain("needs JavaScript");
});

test("an unknown address answers 404 with the not-found page", async ({ request }) => {
  const response = await request.get("/no-such-page/");
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("Page not found");
});

test("with scripts disabled the quote page still shows its first question and options", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/quote/business-energy/?v=1");
  await expect(page.getByRole("heading", { name: "Which do you need a quote for?" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Electricity and gas" })).toBeVisible();
  await context.close();
});
