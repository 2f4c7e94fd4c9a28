import { expect, test } from "./pageTest";

test("the browser knows every feature the Permissions-Policy denies, and the quote page fetches its start token", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Permissions-Policy")) warnings.push(message.text());
  });

  const [token, response] = await Promise.all([page.waitForResponse("**/api/start-token"), page.goto("/quote/business-energy/")]);

  expect(response?.headers()["permissions-policy"]).toContain("camera=()");
  expect(token.headers()["cache-control"]).toBe("no-store");
  expect(await token.json()).toEqual({ token: expect.stringMatching(/^[0-9a-z]+\.[\w-]+\.[\w-]{43}$/), minFillMs: 500 });
  expect(warnings).toEqual([]);
});
