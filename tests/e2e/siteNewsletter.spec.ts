import { expect, test } from "./pageTest";
import { chooseConsentBeforehand } from "./siteHelpers";

test("the newsletter signs a visitor up through the real endpoint, and says when the address is not valid", async ({
  page,
  context,
  baseURL,
}) => {
  await chooseConsentBeforehand(context, baseURL!);
  await page.goto("/business-water/");
  const newsletter = page.getByRole("region", { name: "Subscribe Now" });
  const email = newsletter.getByRole("textbox", { name: "Your e-mail address" });
  await expect(email).toHaveAttribute("placeholder", "Enter your e-mail address");

  await email.fill("not-an-email");
  // Focusing the field fetches the footer's code; a visitor types for longer than it takes to arrive.
  await expect(newsletter.locator("form")).toHaveAttribute("data-ready", "true");
  const [rejected] = await Promise.all([
    page.waitForResponse("**/api/newsletter"),
    newsletter.getByRole("button", { name: "Subscribe" }).click(),
  ]);
  expect(rejected.status()).toBe(400);
  await expect(newsletter.getByRole("alert")).toHaveText("Please enter a valid email address");
  await expect(email).toHaveAttribute("aria-invalid", "true");

  await email.fill(`reader-${Date.now()}@example.co.uk`);
  const [accepted] = await Promise.all([
    page.waitForResponse("**/api/newsletter"),
    newsletter.getByRole("button", { name: "Subscribe" }).click(),
  ]);
  expect(accepted.status()).toBe(200);
  const sent = accepted.request().postDataJSON() as { email: string; consentText: string };
  expect(sent.consentText).toContain("only to send you our newsletter");
  expect(sent).not.toHaveProperty("honeypot");
  await expect(newsletter.getByRole("status")).toHaveText("You have subscribed successfully!");
});
