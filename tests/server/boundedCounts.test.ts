/**
 * Bounded by design: whatever one client sends, the rows it adds are bounded. Unknown `?v=` values are kept as
 * version numbers up to a small bound (the rest as one "other"); new visits counted per address are limited (the
 * page is still served, and the results page says how many were left out); quote sessions per address likewise.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { QUOTE_SESSIONS_SPENT } from "../../server/plainQuote/quoteSessionBudget";
import { MAX_RECORDED_VERSION } from "../../server/storage/unknownVersionsStore";
import { PlainBrowser } from "./support/plainBrowser";
import { BROWSER_AGENT } from "./support/quoteVisits";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";
import { analystsFileForTests, getAsAnalyst } from "./support/analysts";

const analysts = analystsFileForTests();
let server: QuoteServerOn | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Sends `count` requests, `atOnce` at a time, and gives back their statuses. */
async function inBatches(count: number, atOnce: number, send: (i: number) => Promise<{ statusCode: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let from = 0; from < count; from += atOnce) {
    const batch = await Promise.all(Array.from({ length: Math.min(atOnce, count - from) }, (_, k) => send(from + k)));
    statuses.push(...batch.map((r) => r.statusCode));
  }
  return statuses;
}

/** A random `?v=`: sometimes a number, mostly anything a script might send. */
function randomVersion(i: number): string {
  if (i % 3 === 0) return String(1 + Math.floor(Math.random() * 100_000));
  return randomBytes(1 + (i % 12)).toString(i % 2 ? "base64url" : "hex");
}

describe.each(serverDialects)("rows one client can add on %s", (dialect, skipped) => {
  it.skipIf(skipped)("keeps 300 random ?v= values as at most a bounded number of rows, listing the rest as one other value", async () => {
    const s = (server = await startQuoteServerOn(dialect, { ANALYSTS_FILE: analysts.file() }));

    const statuses = await inBatches(300, 25, (i) =>
      s.app.inject({ method: "GET", url: `/quote/business-water/?v=${encodeURIComponent(randomVersion(i))}`, headers: { "user-agent": BROWSER_AGENT } }),
    );
    const rows = await s.db.selectFrom("funnel_unknown_versions").select(["requested", "count"]).execute();
    const page = await getAsAnalyst(s.app, "/analysts/flows/business-water/");

    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(rows.length).toBeLessThanOrEqual(MAX_RECORDED_VERSION + 1);
    expect(rows.reduce((sum, r) => sum + Number(r.count), 0)).toBe(300);
    for (const row of rows) expect(row.requested).toMatch(/^([1-9][0-9]?|other)$/);
    expect(page.body).toContain("any other <code>?v=</code>");
  });

  it.skipIf(skipped)("counts at most the limit of new visits from one address in 2,000 cookieless page requests, serves every page, and says how many were left out", async () => {
    const limit = 40;
    const s = (server = await startQuoteServerOn(dialect, { NEW_VISITS_PER_ADDRESS_MAX: String(limit), ANALYSTS_FILE: analysts.file() }));

    const statuses = await inBatches(2000, 50, () => s.app.inject({ method: "GET", url: "/quote/business-water/", headers: { "user-agent": BROWSER_AGENT }, remoteAddress: "198.51.100.77" }));
    const exposures = await s.db.selectFrom("experiment_exposures").select("visit_id").execute();
    const leftOutRows = await s.db.selectFrom("experiment_left_out_visits").selectAll().execute();
    const elsewhere = await s.app.inject({ method: "GET", url: "/quote/business-water/", headers: { "user-agent": BROWSER_AGENT }, remoteAddress: "192.0.2.55" });
    const page = await getAsAnalyst(s.app, "/analysts/flows/business-water/");

    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(exposures).toHaveLength(limit);
    expect(leftOutRows).toHaveLength(1);
    expect(elsewhere.headers["set-cookie"]).toMatch(/_sp_visit=/);
    expect(page.body).toContain("Left out: 1,960 visits were served the default version but not counted");
  });

  it.skipIf(skipped)("says how many visits were left out of a flow no counted visit has reached yet", async () => {
    const s = (server = await startQuoteServerOn(dialect, { NEW_VISITS_PER_ADDRESS_MAX: "1", ANALYSTS_FILE: analysts.file() }));
    const from = { headers: { "user-agent": BROWSER_AGENT }, remoteAddress: "198.51.100.78" };

    // The address's one new visit goes to business energy; business water's visits from it are all left out.
    await s.app.inject({ method: "GET", url: "/quote/business-energy/", ...from });
    await inBatches(12, 4, () => s.app.inject({ method: "GET", url: "/quote/business-water/", ...from }));
    const page = await getAsAnalyst(s.app, "/analysts/flows/business-water/");

    expect(await s.db.selectFrom("experiment_periods").select("flow_id").where("flow_id", "=", "business-water").execute()).toEqual([]);
    expect(page.body).toContain("No test: v1 gets every visitor");
    expect(page.body).toContain("12 visits were served this flow so far but not counted");
  });

  it.skipIf(skipped)("starts at most the limit of quote sessions from one address, telling the next visitor why nothing was saved", async () => {
    const limit = 5;
    const s = (server = await startQuoteServerOn(dialect, { QUOTE_SESSIONS_PER_ADDRESS_MAX: String(limit) }));

    const answers = [];
    for (let i = 0; i < limit + 2; i++) answers.push(await new PlainBrowser(s.app, "198.51.100.88").answer("/quote/business-water/", "sites", { numberOfSites: "1" }));
    const sessions = await s.db.selectFrom("quote_sessions").select("session_id").execute();
    const elsewhere = await new PlainBrowser(s.app, "192.0.2.56").answer("/quote/business-water/", "sites", { numberOfSites: "1" });

    expect(answers.map((a) => a.statusCode)).toEqual([...Array(limit).fill(303), 429, 429]);
    expect(answers[limit]!.body).toContain(QUOTE_SESSIONS_SPENT);
    expect(Number(answers[limit]!.headers["retry-after"])).toBeGreaterThan(0);
    expect(sessions).toHaveLength(limit);
    expect(elsewhere.statusCode).toBe(303);
  });
});
