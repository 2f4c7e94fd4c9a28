import { expect, test } from "./pageTest";
import { chooseConsentBeforehand } from "./siteHelpers";

test.beforeEach(async ({ context, baseURL }) => chooseConsentBeforehand(context, baseURL!));

test("the footer has the spec's link groups, and every link in them leads to a page or section that exists", async ({ page, request }) => {
  await page.goto("/business-energy/");
  const footer = page.getByRole("contentinfo");
  for (const group of ["Products", "Guides", "Contact", "Company"])
    await expect(footer.getByRole("heading", { name: group, exact: true })).toBeVisible();

  const links = await footer.locator("section a[href^='/']").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")!));
  expect(links.length).toBeGreaterThan(15);
  for (const href of new Set(links)) {
    const [path, anchor] = href.split("#");
    const response = await request.get(path!);
    expect(response.status(), href).toBe(200);
    if (anchor) expect(await response.text(), href).toContain(`id="${anchor}"`);
  }
});

test("the footer gives the year, the registration blurb, the contact e-mail and the logo home", async ({ page }) => {
  await page.goto("/legal/terms-and-conditions/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} SwitchPlan Ltd. All rights reserved.`);
  await expect(footer).toContainText("SwitchPlan is a trading name of SwitchPlan Ltd, a company registered in England and Wales");
  const email = footer.getByRole("link", { name: "hello@switchplan.co.uk" });
  await expect(email).toHaveAttribute("href", "mailto:hello@switchplan.co.uk");
  await expect(footer.locator(".site-footer__contact svg")).toBeVisible();
  await footer.getByRole("link", { name: "SwitchPlan home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the social profiles open in a new tab, and the share links carry the page's address and title", async ({ page }) => {
  await page.goto("/business-water/");
  const footer = page.getByRole("contentinfo");
  for (const name of ["LinkedIn", "Facebook", "X", "Instagram"]) {
    const profile = footer.getByRole("region", { name: "Follow SwitchPlan" }).getByRole("link", { name: new RegExp(`^${name} `) });
    await expect(profile).toHaveAttribute("target", "_blank");
    await expect(profile).toHaveAttribute("rel", "noopener noreferrer");
  }
  const url = encodeURIComponent("http://localhost:3000/business-water/");
  const title = encodeURIComponent("Business Water: Compare Retailers and Save | SwitchPlan");
  const share = footer.getByRole("region", { name: "Share this page" });
  await expect(share.getByRole("link", { name: /Share on Facebook/ })).toHaveAttribute(
    "href",
    `https://www.facebook.com/sharer/sharer.php?u=${url}`,
  );
  await expect(share.getByRole("link", { name: /Share on X/ })).toHaveAttribute(
    "href",
    `https://x.com/intent/tweet?url=${url}&text=${title}&hashtags=switch,business,energy`,
  );
  await expect(share.getByRole("link", { name: /Share on LinkedIn/ })).toHaveAttribute(
    "href",
    `https://www.linkedin.com/shareArticle?mini=true&url=${url}&title=${title}`,
  );
  for (const link of await share.getByRole("link").all()) await expect(link).toHaveAttribute("target", "_blank");
});

test("the share links follow the visitor to the next page", async ({ page }) => {
  await page.goto("/business-water/", { waitUntil: "networkidle" });
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Compare business energy and save" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: /Share on LinkedIn/ })).toHaveAttribute(
    "href",
    /url=http%3A%2F%2Flocalhost%3A3000%2F&title=Compare%20Business%20Energy%20Prices%20and%20Services%20%7C%20SwitchPlan$/,
  );
});

test("the insurance note is in the footer on business insurance pages only", async ({ page }) => {
  for (const path of ["/business-insurance/", "/quote/business-insurance/"]) {
    await page.goto(path);
    await expect(page.getByRole("contentinfo"), path).toContainText("SwitchPlan is not an insurer and does not give insurance advice");
  }
  for (const path of ["/", "/business-energy/", "/take-card-payments/"]) {
    await page.goto(path);
    await expect(page.getByRole("contentinfo"), path).not.toContainText("not an insurer");
  }
});
