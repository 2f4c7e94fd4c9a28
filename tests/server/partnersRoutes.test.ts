import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

it("lists the partners a service's leads may go to, by name and phone number, and nothing else about them", async () => {
  const response = await server.app.inject({ method: "GET", url: "/api/partners?service=business-energy" });

  expect(response.statusCode).toBe(200);
  const { partners } = response.json<{ partners: Array<Record<string, unknown>> }>();
  expect(partners.map((p) => p.name)).toEqual(["Energy Brokers NI", "Bionic", "Energy Switchers", "Save Energy UK", "Tem"]);
  expect(partners.every((p) => Object.keys(p).join() === "name,phone")).toBe(true);
});

it.each([
  ["open", "2026-11-23T10:00:00Z", true],
  ["closed", "2026-11-23T22:00:00Z", false],
])("says whether the phone lines are %s now, by the site's opening hours, never from a cache", async (_what, time, open) => {
  const timed = await startTestServer({ OPENING_HOURS: "mon-fri 09:00-17:30" }, false, { now: () => new Date(time) });
  try {
    const response = await timed.app.inject({ method: "GET", url: "/api/partners?service=business-water" });
    expect(response.json<{ open: boolean }>().open).toBe(open);
    expect(response.headers["cache-control"]).toBe("no-store");
  } finally {
    await timed.close();
  }
});

it("names Barclaycard among the card payment partners", async () => {
  const response = await server.app.inject({ method: "GET", url: "/api/partners?service=take-card-payments" });

  expect(response.json<{ partners: Array<{ name: string }> }>().partners.map((p) => p.name)).toContain("Barclaycard");
});

it.each(["", "?service=business-coal", "?service=a&service=b"])("answers an unknown service (%s) with a 400", async (query) => {
  const response = await server.app.inject({ method: "GET", url: `/api/partners${query}` });

  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ message: "Unknown service" });
});
