import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function post(body: string, headers: Record<string, string> = {}) {
  server ??= await startTestServer();
  return server.app.inject({
    method: "POST",
    url: "/api/quote/first-answer",
    headers: { "content-type": "application/x-www-form-urlencoded", host: "site.test", ...headers },
    payload: body,
  });
}

describe("a first question answered before the page's script ran", () => {
  it("goes back to the quote page with the choice beside the query the page had", async () => {
    const response = await post("flow=business-credit-cards&version=1&industry=retail", {
      referer: "http://site.test/quote/business-credit-cards/?utm_campaign=spring&industry=other",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/quote/business-credit-cards/?utm_campaign=spring&industry=retail");
  });

  it.each([
    ["no choice (Next alone)", "flow=business-credit-cards&version=1", {}],
    ["a value that is not an option", "flow=business-credit-cards&version=1&industry=%3Cscript%3E", {}],
    ["another site's page", "flow=business-credit-cards&version=1&industry=retail", { "sec-fetch-site": "cross-site" }],
  ])("goes back to the question without an answer for %s", async (_what, body, headers: Record<string, string>) => {
    const response = await post(body, headers);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/quote/business-credit-cards/");
  });

  it("keeps no query from a Referer on another host or another page", async () => {
    const elsewhere = await post("flow=business-credit-cards&version=1&industry=retail", { referer: "https://evil.example/quote/business-credit-cards/?x=1" });
    expect(elsewhere.headers.location).toBe("/quote/business-credit-cards/?industry=retail");
  });

  it("answers with the flow's default version when the page's is unknown, and 404 for an unknown flow", async () => {
    expect((await post("flow=business-credit-cards&version=99&industry=retail")).headers.location).toBe("/quote/business-credit-cards/?industry=retail");
    expect((await post("flow=no-such-flow&version=1&industry=retail")).statusCode).toBe(404);
  });
});
