import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function lookup(query: string) {
  return server.app.inject({ method: "GET", url: `/api/addresses${query}` });
}

describe("GET /api/addresses", () => {
  it.each(["LS1 4DY", "ls14dy", "  Ls1   4dY "])("lists the demo addresses at %j, whatever its case and spacing", async (postcode) => {
    const response = await lookup(`?postcode=${encodeURIComponent(postcode)}`);

    expect(response.statusCode).toBe(200);
    const { addresses } = response.json<{ addresses: Array<{ id: string; lines: string[]; townCity: string; postcode: string }> }>();
    expect(addresses.length).toBeGreaterThanOrEqual(3);
    for (const address of addresses) {
      expect(address).toEqual({ id: expect.any(String), lines: expect.any(Array), townCity: "Leeds", postcode: "LS1 4DY" });
    }
  });

  it("gives an empty list for a valid postcode it does not know", async () => {
    const response = await lookup("?postcode=AB10%201AB");

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ addresses: [] });
  });

  it.each([
    ["a postcode that is not one", "?postcode=nonsense"],
    ["a postcode that is not one, then one that is", "?postcode=nonsense&postcode=LS1%204DY"],
  ])("answers Postcode is invalid when given %s", async (_name, query) => {
    const response = await lookup(query);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Postcode is invalid" });
  });

  it.each([
    ["no postcode", ""],
    ["an empty postcode", "?postcode="],
    ["only spaces", "?postcode=%20%20"],
  ])("answers Postcode is required when given %s", async (_name, query) => {
    const response = await lookup(query);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Postcode is required" });
  });

  it("answers lookups past the per-client limit with the address step's sentence and a time to wait, without asking the provider", async () => {
    const limited = await startTestServer({ ADDRESS_RATE_LIMIT_MAX: "3" });
    try {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await limited.app.inject({ method: "GET", url: "/api/addresses?postcode=LS1%204DY" }));
      const other = await limited.app.inject({ method: "GET", url: "/api/addresses?postcode=LS1%204DY", remoteAddress: "192.0.2.7" });

      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429, 429]);
      expect(answers[4]!.json()).toEqual({ message: "Something has gone wrong. Please try again." });
      expect(Number(answers[4]!.headers["retry-after"])).toBeGreaterThan(0);
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
