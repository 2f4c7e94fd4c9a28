/**
 * One lead per quote and one move per form, whatever the concurrency, on SQLite and PostgreSQL: a contact step
 * posted 20 times at once stores one lead with one set of deliveries, as do 20 tries of POST /api/leads with one
 * submission key (those with other details than the lead stored are refused), and each buyer's daily count holds the
 * stored lead alone; copies of one plain form move the kept
 * state once, and a form of an older revision never applied (a page kept by the browser's Back) is still taken once.
 */
import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { REUSED_KEY_MESSAGE } from "../../server/leads/takenBefore";
import type { Database } from "../../server/storage/schema";
import { openTestPostgres } from "./support/databases";
import { answerUpToContact, PLAIN_CONTACT, PLAIN_PAGE, PlainBrowser } from "./support/plainBrowser";
import { serverDialects } from "./support/serverOnDialect";
import { businessEnergyV1, startTestServer, type TestServer } from "./testServer";

/** A quote-page server on the store, and reads of what it stored. */
interface StoreServer {
  server: TestServer;
  query<T>(use: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

let running: StoreServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function startOn(dialect: "SQLite" | "PostgreSQL"): Promise<StoreServer> {
  const options = { quotePages: true, now: () => new Date("2026-03-04T11:00:00Z") };
  if (dialect === "SQLite") {
    const server = await startTestServer({}, false, options);
    running = { server, query: (use) => server.withDb(use), close: () => server.close() };
  } else {
    const store = await openTestPostgres();
    const server = await startTestServer({ DATABASE_URL: store.url! }, false, options);
    running = {
      server,
      query: (use) => use(store.db),
      close: async () => {
        await server.close();
        await store.drop();
      },
    };
  }
  return running;
}

/** The stored leads and, per lead, how many deliveries it has. */
async function leadsAndDeliveries(s: StoreServer) {
  return s.query(async (db) => {
    const leads = await db.selectFrom("leads").select(["id", "email"]).execute();
    const deliveries = await db.selectFrom("deliveries").select(["lead_id", "buyer_key"]).execute();
    return { leads, deliveries };
  });
}

/** Each buyer's count of leads today, and each buyer's deliveries: a place under a cap is counted for a stored lead only. */
async function countsAndDeliveries(s: StoreServer) {
  return s.query(async (db) => {
    const counts = await db.selectFrom("buyer_daily_counts").select(["buyer_key", "count"]).where("count", ">", 0).orderBy("buyer_key").execute();
    const deliveries = await db.selectFrom("deliveries").select("buyer_key").orderBy("buyer_key").execute();
    return {
      counted: counts.map((c) => [c.buyer_key, Number(c.count)]),
      delivered: [...new Set(deliveries.map((d) => d.buyer_key))].map((key) => [key, deliveries.filter((d) => d.buyer_key === key).length]),
    };
  });
}

/** The kept revision and step of business energy's quote session. */
async function keptState(s: StoreServer) {
  const row = await s.query((db) => db.selectFrom("quote_sessions").select(["revision", "state"]).where("flow_id", "=", "business-energy").executeTakeFirstOrThrow());
  return { revision: Number(row.revision), stepId: (JSON.parse(row.state) as { walk: { stepId: string } }).walk.stepId };
}

/** The e-mail address business energy's kept state shows. */
async function keptEmail(s: StoreServer) {
  const row = await s.query((db) => db.selectFrom("quote_sessions").select("state").where("flow_id", "=", "business-energy").executeTakeFirstOrThrow());
  return (JSON.parse(row.state) as { answers: { email?: string } }).answers.email;
}

/** The contact step's details, different per copy when asked. */
const detailsOf = (copy: number, different: boolean) =>
  different ? { ...PLAIN_CONTACT, customerName: `Jane Copy${copy}`, email: `jane${copy}@example.com`, phone: `0113 496 ${String(1000 + copy)}` } : PLAIN_CONTACT;

describe.each(serverDialects)("on %s", (dialect, skipped) => {
  it.skipIf(skipped).each([
    ["the same details", false],
    ["different details", true],
  ])("20 submits at once of one quote's contact step, with %s: one lead, one set of deliveries, each answered with the success page", async (_name, different) => {
    const s = await startOn(dialect);
    const browser = new PlainBrowser(s.server.app);
    const revision = await answerUpToContact(browser);

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, copy) => browser.post(`${PLAIN_PAGE}?v=1&step=contact`, { _step: "contact", _rev: String(revision), ...detailsOf(copy, different), company_website: "" })),
    );

    const { leads, deliveries } = await leadsAndDeliveries(s);
    expect(leads).toHaveLength(1);
    expect(deliveries.length).toBeGreaterThan(0);
    expect(new Set(deliveries.map((d) => d.lead_id))).toEqual(new Set([leads[0]!.id]));
    expect(new Set(deliveries.map((d) => d.buyer_key)).size).toBe(deliveries.length);
    for (const response of responses) expect([response.statusCode, response.headers.location]).toEqual([303, `${PLAIN_PAGE}?v=1&step=done`]);
    expect(await keptState(s)).toEqual({ revision: revision + 1, stepId: "done" });
    // The success page shows the details the stored lead was sent with, whichever copy's state was kept.
    expect(await keptEmail(s)).toBe(leads[0]!.email);
    const { counted, delivered } = await countsAndDeliveries(s);
    expect(counted).toEqual(delivered);
  });

  it.skipIf(skipped).each([
    ["the same details", false],
    ["different details", true],
  ])("20 tries at once of POST /api/leads with one submission key, with %s: one lead, one set of deliveries, the first lead's answer to the same details", async (_name, different) => {
    const s = await startOn(dialect);
    const submissionKey = "k5cT0d9y1kR3w8Pq2mZ4aA";
    const consent = { contactConsent: { wording: "Your details may go to: Bionic.", buyers: ["Bionic"] }, submissionKey };

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, copy) => {
        const { businessName: _business, ...details } = detailsOf(copy, different);
        return s.server.app.inject({ method: "POST", url: "/api/leads", payload: businessEnergyV1(details, consent) });
      }),
    );

    const { leads, deliveries } = await leadsAndDeliveries(s);
    expect(leads).toHaveLength(1);
    expect(deliveries.length).toBeGreaterThan(0);
    expect(new Set(deliveries.map((d) => d.lead_id))).toEqual(new Set([leads[0]!.id]));
    const first = [200, expect.objectContaining({ leadId: leads[0]!.id, buyers: [expect.objectContaining({ name: "Bionic" })] })];
    const refused = [409, { code: "3", message: REUSED_KEY_MESSAGE }];
    const answers = responses.map((r) => [r.statusCode, r.json()]);
    // Every copy with the stored lead's details gets its answer; with other details (all but the one stored), 409.
    expect(answers.filter(([status]) => status === 200)).toEqual(Array(different ? 1 : 20).fill(first));
    expect(answers.filter(([status]) => status !== 200)).toEqual(Array(different ? 19 : 0).fill(refused));
    const { counted, delivered } = await countsAndDeliveries(s);
    expect(counted).toEqual(delivered);
  });

  it.skipIf(skipped).each([2, 3, 10])("%i copies at once of one plain form move the kept state once, and each goes to where the visitor is now", async (copies) => {
    const s = await startOn(dialect);
    for (let trial = 0; trial < 3; trial++) {
      const browser = new PlainBrowser(s.server.app);
      await browser.post(`${PLAIN_PAGE}?v=1`, { _step: "utility", _rev: "0", utility: "both" });
      const before = await keptState(s);

      const responses = await Promise.all(Array.from({ length: copies }, () => browser.post(`${PLAIN_PAGE}?v=1&step=spend`, { _step: "spend", _rev: String(before.revision), spendString: "below1000" })));

      expect(await keptState(s)).toEqual({ revision: before.revision + 1, stepId: "meter" });
      for (const response of responses) expect([response.statusCode, response.headers.location]).toEqual([303, `${PLAIN_PAGE}?v=1&step=meter`]);
      await s.query((db) => db.deleteFrom("quote_sessions").execute());
    }
  });

  it.skipIf(skipped)("takes once a form of an older revision never applied, for a step on the path (a page the browser's Back kept)", async () => {
    const s = await startOn(dialect);
    const browser = new PlainBrowser(s.server.app);
    await browser.post(`${PLAIN_PAGE}?v=1`, { _step: "utility", _rev: "0", utility: "both" });
    // The first question drawn again at revision 1 (ours or the browser's Back), left unanswered; the visitor goes on.
    expect((await browser.get(`${PLAIN_PAGE}?v=1&step=utility`)).statusCode).toBe(200);
    await browser.post(`${PLAIN_PAGE}?v=1&step=spend`, { _step: "spend", _rev: "1", spendString: "below1000" });
    expect(await keptState(s)).toEqual({ revision: 2, stepId: "meter" });

    // That page of revision 1, kept by the browser, answered now: taken from there; sent again: a copy, nothing moves.
    const form = { _step: "utility", _rev: "1", utility: "gas" };
    const answered = await browser.post(`${PLAIN_PAGE}?v=1&step=utility`, form);
    const again = await browser.post(`${PLAIN_PAGE}?v=1&step=utility`, form);

    expect([answered.statusCode, answered.headers.location]).toEqual([303, `${PLAIN_PAGE}?v=1&step=spend`]);
    expect([again.statusCode, again.headers.location]).toEqual([303, `${PLAIN_PAGE}?v=1&step=spend`]);
    expect(await keptState(s)).toEqual({ revision: 3, stepId: "spend" });
  });
});
