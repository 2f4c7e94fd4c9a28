import { createServer, type Server } from "node:http";
import { expect, test } from "./pageTest";
import { driveFlow } from "./flowDriver";
import { marketplacePort } from "./server";
import { chooseConsentBeforehand } from "./siteHelpers";

/** A stand-in for the partner's marketplace: a page of its own, on another origin, that records what it was asked for. */
let partner: Server;
const requests: URL[] = [];

test.beforeAll(async () => {
  partner = createServer((request, response) => {
    requests.push(new URL(request.url ?? "/", `http://127.0.0.1:${marketplacePort}`));
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end('<!doctype html><html lang="en-GB"><title>Cards</title><h1>Partner card marketplace</h1></html>');
  });
  await new Promise<void>((resolve) => partner.listen(marketplacePort, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => partner.close(resolve));
});

test("the credit card flow's marketplace step shows the partner's page in its frame, given only non-personal answers", async ({ page, context, baseURL }) => {
  await chooseConsentBeforehand(context, baseURL!);
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto("/quote/business-credit-cards/");
  await driveFlow(page, { stopAt: "marketplace" });

  const frame = page.frameLocator("iframe[title='mmob marketplace']");
  await expect(frame.getByRole("heading", { name: "Partner card marketplace" })).toBeVisible();
  const asked = requests.at(-1)!;
  expect(asked.pathname).toBe("/mmob/business-credit-cards");
  expect([...asked.searchParams.keys()].sort()).toEqual(["companyType", "industry", "spendString"]);
  expect(asked.searchParams.get("industry")).toBe("retail");
  expect(blocked).toEqual([]);
});
