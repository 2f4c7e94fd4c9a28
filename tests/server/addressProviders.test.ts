import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testServer";

/** A fake provider API on this machine that answers as a test says and remembers what it was asked. */
async function fakeProvider(answer: (url: URL) => { status: number; body: unknown } | "hang"): Promise<{ url: string; asked: URL[]; server: Server }> {
  const asked: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    asked.push(url);
    const result = answer(url);
    if (result === "hang") return;
    response.writeHead(result.status, { "content-type": "application/json" });
    response.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, server };
}

let fake: Server | undefined;
let app: TestServer | undefined;
afterEach(async () => {
  await app?.close();
  fake?.closeAllConnections();
  await new Promise((resolve) => (fake ? fake.close(resolve) : resolve(undefined)));
  fake = undefined;
});

const lookup = (postcode: string) => app!.app.inject({ method: "GET", url: `/api/addresses?postcode=${encodeURIComponent(postcode)}` });

describe("Ideal Postcodes", () => {
  const idealAnswer = (url: URL) =>
    url.pathname === "/v1/postcodes/ID11QD"
      ? {
          status: 200,
          body: {
            code: 2000,
            message: "Success",
            result: [
              { udprn: 23747771, organisation_name: "", line_1: "Prime Minister & First Lord Of The Treasury", line_2: "10 Downing Street", line_3: "", post_town: "LONDON", postcode: "ID1 1QD" },
              { udprn: 23747772, organisation_name: "Kingsley Hall", line_1: "Kingsley Hall", line_2: "Powis Road", line_3: "", post_town: "LONDON", postcode: "ID1 1QD" },
            ],
          },
        }
      : { status: 404, body: { code: 4040, message: "Postcode Not Found" } };

  it("lists the provider's addresses with its key, as the address step shows them", async () => {
    const provider = await fakeProvider(idealAnswer);
    fake = provider.server;
    app = await startTestServer({ ADDRESS_PROVIDER: "ideal-postcodes", ADDRESS_API_KEY: "ak_test", ADDRESS_API_URL: provider.url });

    const response = await lookup("id1 1qd");

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      addresses: [
        { id: "udprn-23747771", lines: ["Prime Minister & First Lord Of The Treasury", "10 Downing Street"], townCity: "London", postcode: "ID1 1QD" },
        { id: "udprn-23747772", lines: ["Kingsley Hall", "Powis Road"], townCity: "London", postcode: "ID1 1QD" },
      ],
    });
    expect(provider.asked[0]!.searchParams.get("api_key")).toBe("ak_test");
  });

  it("gives an empty list for a postcode the provider does not know", async () => {
    const provider = await fakeProvider(idealAnswer);
    fake = provider.server;
    app = await startTestServer({ ADDRESS_PROVIDER: "ideal-postcodes", ADDRESS_API_KEY: "ak_test", ADDRESS_API_URL: provider.url });

    expect((await lookup("SW1A 2AA")).json()).toEqual({ addresses: [] });
  });
});

describe("getAddress.io", () => {
  it("lists the provider's addresses with its key", async () => {
    const provider = await fakeProvider((url) =>
      url.pathname === "/find/NN13ER"
        ? {
            status: 200,
            body: {
              postcode: "NN1 3ER",
              latitude: 52.24,
              longitude: -0.89,
              addresses: [
                { formatted_address: ["10 Watkin Terrace", "", "", "Northampton", "Northamptonshire"], line_1: "10 Watkin Terrace", line_2: "", line_3: "", line_4: "", locality: "", town_or_city: "Northampton", county: "Northamptonshire", residential: true },
                { formatted_address: ["Flat 1", "12 Watkin Terrace", "", "Northampton", "Northamptonshire"], line_1: "Flat 1", line_2: "12 Watkin Terrace", line_3: "", line_4: "", locality: "", town_or_city: "Northampton", county: "Northamptonshire", residential: true },
              ],
            },
          }
        : { status: 404, body: { Message: "Postcode not found" } },
    );
    fake = provider.server;
    app = await startTestServer({ ADDRESS_PROVIDER: "getaddress", ADDRESS_API_KEY: "ga-key", ADDRESS_API_URL: provider.url });

    const response = await lookup("NN1 3ER");

    expect(response.json()).toEqual({
      addresses: [
        { id: "NN13ER-0", lines: ["10 Watkin Terrace"], townCity: "Northampton", postcode: "NN1 3ER" },
        { id: "NN13ER-1", lines: ["Flat 1", "12 Watkin Terrace"], townCity: "Northampton", postcode: "NN1 3ER" },
      ],
    });
    expect(provider.asked[0]!.searchParams.get("api-key")).toBe("ga-key");
    expect((await lookup("SW1A 2AA")).json()).toEqual({ addresses: [] });
  });
});

describe("a provider failure", () => {
  it.each([
    ["refuses the key", { status: 401, body: { code: 4010, message: "Invalid Key" } } as const],
    ["has run out of credit", { status: 402, body: { code: 4020, message: "Token balance depleted" } } as const],
    ["is down", { status: 503, body: "unavailable" } as const],
  ])("shows the visitor 'Something has gone wrong. Please try again.' when the provider %s", async (_name, answer) => {
    const provider = await fakeProvider(() => answer);
    fake = provider.server;
    app = await startTestServer({ ADDRESS_PROVIDER: "ideal-postcodes", ADDRESS_API_KEY: "ak_test", ADDRESS_API_URL: provider.url });

    const response = await lookup("ID1 1QD");

    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: "Something has gone wrong. Please try again." });
  });

  it("says the same when the provider cannot be reached at all", async () => {
    app = await startTestServer({ ADDRESS_PROVIDER: "getaddress", ADDRESS_API_KEY: "ga-key", ADDRESS_API_URL: "http://127.0.0.1:9" });

    expect((await lookup("NN1 3ER")).json()).toEqual({ message: "Something has gone wrong. Please try again." });
  });

  it("keeps the manual address path working: a lead with a typed address is accepted", async () => {
    const { businessEnergyV1 } = await import("./testServer");
    app = await startTestServer({ ADDRESS_PROVIDER: "getaddress", ADDRESS_API_KEY: "ga-key", ADDRESS_API_URL: "http://127.0.0.1:9" });
    const typed = businessEnergyV1({ businessAddressManual: true, businessAddress: undefined, street: "1 Mill Lane", townCity: "Leeds", postcode: "LS1 4DY" });

    const response = await app.app.inject({ method: "POST", url: "/api/leads", payload: typed });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: "1" });
  });
});
