import { expect, test } from "./pageTest";
import { E2E_ANALYST } from "./server";

test("an analyst signs in through the plain form, sees the report, and signs out", async ({ page }) => {
  await page.goto("/analysts/flows/");

  await expect(page).toHaveURL(/\/analysts\/sign-in\?return=%2Fanalysts%2Fflows%2F$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await page.getByLabel("Name").fill(E2E_ANALYST.name);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The name or password is not right.");

  await page.getByLabel("Password").fill(E2E_ANALYST.password);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(/\/analysts\/flows\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quote flows and their tests");
  await expect(page.getByText(`Signed in as ${E2E_ANALYST.name}`)).toBeVisible();
  await page.getByRole("link", { name: "Compare business energy prices" }).click();
  const picture = page.getByRole("img", { name: /^Step graph of business-energy v1:/ });
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // One session, its cookie sent to the analysts' pages and to their APIs, and nowhere else.
  const sessions = (await page.context().cookies()).filter((c) => c.name === "_sp_analyst").sort((a, b) => a.path.localeCompare(b.path));
  expect(sessions).toMatchObject([
    { httpOnly: true, sameSite: "Strict", path: "/analysts" },
    { httpOnly: true, sameSite: "Strict", path: "/api/analysts" },
  ]);
  expect(sessions[0]!.value).toBe(sessions[1]!.value);

  await page.getByRole("button", { name: "Sign out" }).click();

  await expect(page.getByText("You have signed out.")).toBeVisible();
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("_sp_analyst");
  const again = await page.request.get("/analysts/flows/", { maxRedirects: 0 });
  expect(again.status()).toBe(401);
});

test("the flows' pictures are not on the public site: anonymous requests get 401 at their address, 404 at the old one", async ({ request }) => {
  const picture = await request.get("/analysts/flows/business-energy-v1.svg");
  const old = await request.get("/dev/flows/business-energy-v1.svg");
  const oldPage = await request.get("/dev/flows/", { maxRedirects: 0 });

  expect(picture.status()).toBe(401);
  expect(await picture.text()).not.toContain("<svg");
  expect(old.status()).toBe(404);
  expect(oldPage.status()).toBe(404);
});
