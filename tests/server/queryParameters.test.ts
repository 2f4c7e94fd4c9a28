/**
 * Every query parameter is read as one value: a repeated one is its first, on every route, as the browser's
 * URLSearchParams.get reads the same address. No route sees a list, so none fails on one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROWSER_AGENT } from "./support/quoteVisits";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";

describe.each(serverDialects)("repeated query parameters, on %s", (dialect, skipped) => {
  let s: QuoteServerOn;
  beforeAll(async () => {
    if (!skipped) s = await startQuoteServerOn(dialect);
   }, 60_000);
  afterAll(async () => {
    await s?.close();
  });
  const test = it.skipIf(skipped);
  const get = (url: string) => s.app.inject({ method: "GET", url, headers: { "user-agent": BROWSER_AGENT } });
  const exposures = async () => Number((await s.db.selectFrom("experiment_exposures").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  test("take the first tm on a quote page and at /api/quote-version: a test visit for tm=1&tm=0, counted for tm=0&tm=1", async () => {
    const before = await exposures();
    const testVisit = [await get("/quote/business-water/?tm=1&tm=0"), await get("/api/quote-version?flow=business-water&tm=1&tm=0")];
    const afterTestVisits = await exposures();
    const counted = await get("/quote/business-water/?tm=0&tm=1");

    expect([...testVisit, counted].map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(testVisit[1]!.json()).toEqual({ version: 1 });
    expect(afterTestVisits).toBe(before);
    expect(await exposures()).toBe(before + 1);
  });

  test("take the first flow, version and postcode, and pass a marketplace its first value", async () => {
    const version = await get("/api/quote-version?flow=business-water&flow=business-energy&v=1&v=2");
    const lookup = await get("/api/addresses?postcode=LS1%204DY&postcode=nonsense");
    const frame = await get("/api/marketplace/business-credit-cards/1/marketplace?industry=retail&industry=farming");

    expect(version.json()).toEqual({ version: 1 });
    expect(lookup.statusCode).toBe(200);
    expect(new URL(String(frame.headers.location)).search).toBe("?industry=retail");
  });
});
