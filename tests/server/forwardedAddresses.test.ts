/**
 * Behind proxies, the client's address is the nearest one in X-Forwarded-For that no proxy of ours wrote: whatever a
 * client writes at the left of the header, its limits are its own address's. TRUST_PROXY names the proxies, by a
 * number of hops or by their addresses.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixtureLead } from "./support/pipelineFixtures";
import { BROWSER_AGENT } from "./support/quoteVisits";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";

let on: ServerOnDialect | undefined;
afterEach(async () => {
  await on?.close();
  on = undefined;
});

const LIMIT = 5;
const TRIES = 12;
/** The load balancer's address, as the server sees the connection. */
const BALANCER = "10.0.0.5";
/** The visitor's real address, which the load balancer (or the CDN) appends. */
const CLIENT = "203.0.113.7";

async function start(dialect: "SQLite" | "PostgreSQL", trustProxy: string): Promise<ServerOnDialect> {
  on = await startServerOn(dialect, { quotePages: true, env: { TRUST_PROXY: trustProxy, RATE_LIMIT_MAX: String(LIMIT), ADDRESS_RATE_LIMIT_MAX: String(LIMIT), OPENING_HOURS: "always", DUPLICATE_WINDOW_HOURS: "0" } });
  return on;
}

/** A first entry the client makes up afresh for every request, as one rotating it to dodge the limits would. */
const forged = (n: number) => `198.51.100.${n + 1}`;

/** Lead posts and address lookups, each with the X-Forwarded-For and connection address given for try n; the statuses. */
async function tries(s: ServerOnDialect, forwardedFor: (n: number) => string, remoteAddress = BALANCER) {
  const leads: number[] = [];
  const lookups: number[] = [];
  for (let n = 0; n < TRIES; n++) {
    const headers = { "x-forwarded-for": forwardedFor(n) };
    leads.push((await s.server.app.inject({ method: "POST", url: "/api/leads", remoteAddress, headers, payload: fixtureLead("business-energy", { email: `try${n}@example.com` }) })).statusCode);
    lookups.push((await s.server.app.inject({ method: "GET", url: "/api/addresses?postcode=LS1%204DY", remoteAddress, headers })).statusCode);
  }
  return { leads, lookups };
}

const limited = [...Array<number>(LIMIT).fill(200), ...Array<number>(TRIES - LIMIT).fill(429)];

describe.each(serverDialects)("client addresses behind proxies, on %s", (dialect, skipped) => {
  const test = it.skipIf(skipped);

  test("behind one load balancer (TRUST_PROXY=1), a forged first X-Forwarded-For entry leaves the visitor's limits as they are", async () => {
    const s = await start(dialect, "1");

    const visitor = await tries(s, (n) => `${forged(n)}, ${CLIENT}`);
    const neighbour = await tries(s, (n) => `${forged(n)}, 203.0.113.8`);

    expect(visitor).toEqual({ leads: limited, lookups: limited });
    // Counted by the address the balancer saw, not the balancer's own: another visitor has a budget of their own.
    expect(neighbour).toEqual({ leads: limited, lookups: limited });
    expect(Number((await s.db.selectFrom("leads").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(2 * LIMIT);
  });

  test("with the balancers' range listed (TRUST_PROXY=10.0.0.0/8), a forged entry is ignored, and a client reaching the server directly is its own connection", async () => {
    const s = await start(dialect, "10.0.0.0/8");

    const behindBalancer = await tries(s, (n) => `${forged(n)}, ${CLIENT}`);
    const direct = await tries(s, forged, "192.0.2.44");

    expect(behindBalancer).toEqual({ leads: limited, lookups: limited });
    expect(direct).toEqual({ leads: limited, lookups: limited });
  });

  test.each([
    ["two hops (TRUST_PROXY=2)", "2"],
    ["the balancers' and the CDN's ranges (TRUST_PROXY=10.0.0.0/8,198.18.0.0/15)", "10.0.0.0/8,198.18.0.0/15"],
  ])("with a CDN in front of the load balancer, named by %s, the visitor is the address the CDN saw, whichever edge it came through", async (_name, trustProxy) => {
    const s = await start(dialect, trustProxy);

    const visitor = await tries(s, (n) => `${forged(n)}, ${CLIENT}, 198.18.0.${n + 1}`);

    expect(visitor).toEqual({ leads: limited, lookups: limited });
  });

  test("takes X-Forwarded-Proto for Secure cookies only from a trusted proxy", async () => {
    const s = await start(dialect, "10.0.0.0/8");
    const secureCookie = async (remoteAddress: string) => {
      const response = await s.server.app.inject({ method: "GET", url: "/quote/fixture-business-energy/", remoteAddress, headers: { "x-forwarded-proto": "https", "user-agent": BROWSER_AGENT } });
      const visit = [response.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("_sp_visit="));
      return visit === undefined ? "no cookie" : /;\s*Secure/i.test(visit) ? "Secure" : "not Secure";
    };

    expect([await secureCookie(BALANCER), await secureCookie("192.0.2.44")]).toEqual(["Secure", "not Secure"]);
  });
});
