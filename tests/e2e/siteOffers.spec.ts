import { expect, test } from "./pageTest";
import { chooseConsentBeforehand } from "./siteHelpers";

const offer = "£50 energy credit when you switch";

test("the £50 energy credit shows with its end date up to its last day, and never after it", async ({ page, context, baseURL }) => {
  await chooseConsentBeforehand(context, baseURL!);
  await page.clock.setFixedTime(new Date("2027-03-31T22:30:00Z")); // 23:30 on its last day, UK time
  await page.goto("/business-energy/", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { name: offer })).toBeVisible();
  await expect(page.getByRole("complementary", { name: offer })).toContainText("Ends 31 March 2027.");

  await page.clock.setFixedTime(new Date("2027-03-31T23:30:00Z")); // 00:30 on 1 April, UK time
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: offer })).toHaveCount(0);
});
