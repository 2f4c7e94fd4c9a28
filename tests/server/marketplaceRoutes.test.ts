import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const frameSources = (header: unknown) => /frame-src ([^;]*)/.exec(String(header))?.[1]?.split(" ") ?? [];

describe("the partner marketplace frame", () => {
  it("lets pages frame the marketplaces the flows name, and nothing else beyond Tag Manager", async () => {
    server = await startTestServer();
    const response = await server.app.inject({ method: "GET", url: "/api/health" });
    expect(frameSources(response.headers["content-security-policy"])).toEqual(["'self'", "https://www.googletagmanager.com", "https://marketplace.example.com"]);
  });

  it("sends the frame on to the partner's page with only the non-personal answers the step passes", async () => {
    server = await startTestServer();
    const response = await server.app.inject({
      method: "GET",
      url: "/api/marketplace/business-credit-cards/1/marketplace?industry=retail&spendString=5000&phone=07700900000",
    });
    expect(response.statusCode).toBe(302);
    const target = new URL(String(response.headers.location));
    expect(target.origin + target.pathname).toBe("https://marketplace.example.com/mmob/business-credit-cards");
    expect(Object.fromEntries(target.searchParams)).toEqual({ industry: "retail", spendString: "5000" });
  });

  it("uses the operator's origin for a partner, in the redirect and in the policy alike", async () => {
    server = await startTestServer({ MARKETPLACE_ORIGINS: "mmob=http://127.0.0.1:4999" });
    const response = await server.app.inject({ method: "GET", url: "/api/marketplace/business-credit-cards/1/marketplace?industry=retail" });
    expect(response.headers.location).toBe("http://127.0.0.1:4999/mmob/business-credit-cards?industry=retail");
    expect(frameSources(response.headers["content-security-policy"])).toContain("http://127.0.0.1:4999");
    expect(frameSources(response.headers["content-security-policy"])).not.toContain("https://marketplace.example.com");
  });

  it.each([
    ["an unknown flow", "/api/marketplace/no-such-flow/1/marketplace"],
    ["a step that is not a marketplace", "/api/marketplace/business-credit-cards/1/industry"],
    ["a version that is not a number", "/api/marketplace/business-credit-cards/one/marketplace"],
  ])("answers 404 for %s", async (_what, url) => {
    server = await startTestServer();
    const response = await server.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
  });
});
