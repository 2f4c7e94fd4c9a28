/** SPEC §6: roles and permissions: visitors only; no login and no roles. */
import { describe, expect, it } from "vitest";
import { flows } from "virtual:flow-manifest";
import { sitePages } from "../../site/siteMap";
import { startTestServer } from "../server/testServer";

const LOGIN_WORDS = /log ?in|sign ?in|account|admin|password/i;

describe("§6 visitors only", () => {
  it("has no page for logging in, an account or an administrator", () => {
    const addresses = [...sitePages.map((page) => page.path), ...flows.map((flow) => flow.path)];
    expect(addresses.filter((address) => LOGIN_WORDS.test(address))).toEqual([]);
  });

  it("serves no route for logging in or reading leads back: operators use the command line", async () => {
    const server = await startTestServer();
    try {
      const routes = server.app.printRoutes({ commonPrefix: false });
      expect(routes).not.toMatch(LOGIN_WORDS);
      expect((await server.app.inject({ method: "GET", url: "/api/leads" })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});
