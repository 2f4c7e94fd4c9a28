/**
 * One budget for address lookups, whichever way they are asked: the address step's script (GET /api/addresses) and
 * the plain form's "Find address" spend the same lookups, per client address and per visit or quote session.
 */
import { afterEach, describe, expect, it } from "vitest";
import { BUSINESS_ENERGY_V1, PlainBrowser, UP_TO_ADDRESS } from "./support/plainBrowser";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";

const PAGE = BUSINESS_ENERGY_V1;
const LIMIT = 3;

let server: QuoteServerOn | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The address step's lookup as the plain quote keeps it: the postcode, and the addresses when the lookup was made. */
async function keptLookup(s: QuoteServerOn): Promise<{ postcode: string; addresses?: unknown[] } | undefined> {
  const row = await s.db.selectFrom("quote_sessions").select("state").where("flow_id", "=", "business-energy").executeTakeFirstOrThrow();
  return (JSON.parse(row.state) as { lookup?: { postcode: string; addresses?: unknown[] } }).lookup;
}

/** A plain quote at its address step. */
async function atAddressStep(s: QuoteServerOn, remoteAddress: string): Promise<PlainBrowser> {
  const browser = new PlainBrowser(s.app, remoteAddress);
  for (const [step, form] of UP_TO_ADDRESS) expect((await browser.answer(PAGE, step, form)).statusCode).toBe(303);
  return browser;
}

const findAddress = (browser: PlainBrowser) => browser.answer(PAGE, "address", { postcode: "LS1 4DY", addressAction: "find" });

const apiLookup = (s: QuoteServerOn, remoteAddress: string, cookie?: string) =>
  s.app.inject({ method: "GET", url: "/api/addresses?postcode=LS1%204DY", remoteAddress, ...(cookie ? { headers: { cookie } } : {}) });

describe.each(serverDialects)("address lookups on %s", (dialect, skipped) => {
  it.skipIf(skipped)("after the API answers 429, the plain form's Find address from the same address finds no addresses and says the lookup failed", async () => {
    const s = (server = await startQuoteServerOn(dialect, { ADDRESS_RATE_LIMIT_MAX: String(LIMIT) }));
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await apiLookup(s, "198.51.100.4")).statusCode);
    const browser = await atAddressStep(s, "198.51.100.4");

    const found = await findAddress(browser);

    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(found.statusCode).toBe(303);
    expect(await keptLookup(s)).toEqual({ postcode: "LS1 4DY" });
  });

  it.skipIf(skipped)("after the plain form's lookups spend the budget, the API answers 429 to the same address", async () => {
    const s = (server = await startQuoteServerOn(dialect, { ADDRESS_RATE_LIMIT_MAX: String(LIMIT) }));
    const browser = await atAddressStep(s, "198.51.100.5");
    for (let i = 0; i < LIMIT; i++) await findAddress(browser);
    const lastFound = (await keptLookup(s))?.addresses?.length;

    await findAddress(browser);
    const api = await apiLookup(s, "198.51.100.5");
    const elsewhere = await apiLookup(s, "192.0.2.99");

    expect(lastFound).toBeGreaterThan(0);
    expect(await keptLookup(s)).toEqual({ postcode: "LS1 4DY" });
    expect(api.statusCode).toBe(429);
    expect(api.json()).toEqual({ message: "Something has gone wrong. Please try again." });
    expect(Number(api.headers["retry-after"])).toBeGreaterThan(0);
    expect(elsewhere.statusCode).toBe(200);
  });

  it.skipIf(skipped)("counts a quote session's lookups however many addresses it posts from", async () => {
    const s = (server = await startQuoteServerOn(dialect, { ADDRESS_RATE_LIMIT_MAX: String(LIMIT) }));
    const browser = await atAddressStep(s, "198.51.100.6");
    for (let i = 0; i < LIMIT; i++) {
      browser.remoteAddress = `198.51.100.${20 + i}`;
      await findAddress(browser);
    }

    browser.remoteAddress = "198.51.100.40";
    await findAddress(browser);

    expect(await keptLookup(s)).toEqual({ postcode: "LS1 4DY" });
  });

  it.skipIf(skipped)("counts a visit's API lookups however many addresses it asks from", async () => {
    const s = (server = await startQuoteServerOn(dialect, { ADDRESS_RATE_LIMIT_MAX: String(LIMIT) }));
    const visit = new PlainBrowser(s.app, "198.51.100.7");
    await visit.get("/quote/business-energy/");
    const cookie = visit.cookieHeader();
    expect(cookie).toMatch(/_sp_visit=/);

    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await apiLookup(s, `198.51.100.${50 + i}`, cookie)).statusCode);

    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
