import { afterEach, describe, expect, it } from "vitest";
import { BROWSER_AGENT, getQuotePage } from "./support/quoteVisits";
import { businessEnergyV1, startTestServer, type TestServer } from "./testServer";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(): Promise<TestServer> {
  server = await startTestServer({}, false, { quotePages: true, now: () => new Date("2026-03-04T11:00:00Z") });
  return server;
}

const exposures = (s: TestServer) =>
  s.withDb((db) => db.selectFrom("experiment_exposures").select(["flow_id", "flow_version", "visit_id"]).orderBy("exposed_at").execute());

describe("GET /quote/<flow>/: the server chooses the visit's version", () => {
  it("gives a fresh visit a version, a signed visit cookie for 30 days, and counts one exposure", async () => {
    const s = await start();

    const page = await getQuotePage(s.app, "business-energy");

    expect(page.status).toBe(200);
    expect([1, 2, 3]).toContain(page.version);
    const setCookie = [page.headers["set-cookie"]].flat().join("\n");
    expect(setCookie).toMatch(/^_sp_visit=[A-Za-z0-9_-]{22}\.[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/m);
    expect(await exposures(s)).toEqual([{ flow_id: "business-energy", flow_version: page.version, visit_id: expect.any(String) }]);
  });

  it("keeps a returning visit on its version and counts it once", async () => {
    const s = await start();
    const first = await getQuotePage(s.app, "business-energy");

    const again = await Promise.all(Array.from({ length: 5 }, () => getQuotePage(s.app, "business-energy", { cookie: first.cookie! })));

    expect(again.map((p) => p.version)).toEqual(Array(5).fill(first.version));
    expect(again.map((p) => p.cookie)).toEqual(Array(5).fill(undefined));
    expect(await exposures(s)).toHaveLength(1);
  });

  it("shares fresh visits between the versions by the weights (40/40/20)", async () => {
    const s = await start();

    const served = await Promise.all(Array.from({ length: 300 }, () => getQuotePage(s.app, "business-energy")));

    const counts = [1, 2, 3].map((v) => served.filter((p) => p.version === v).length);
    const expected = [120, 120, 60];
    const chi2 = counts.reduce((sum, n, i) => sum + (n - expected[i]!) ** 2 / expected[i]!, 0);
    // p > 0.001 for two degrees of freedom: χ² below 13.8.
    expect(chi2).toBeLessThan(13.8);
    expect(await exposures(s)).toHaveLength(300);
  });

  it("never lets a shared cache keep the page: private, revalidated, varying by cookie", async () => {
    const s = await start();

    const page = await getQuotePage(s.app, "business-energy");

    expect(page.headers["cache-control"]).toBe("private, no-cache");
    expect(page.headers["vary"]).toMatch(/cookie/i);
  });

  it("serves ?v=2 as a preview: version 2, no cookie, no exposure", async () => {
    const s = await start();

    const preview = await getQuotePage(s.app, "business-energy", { query: "?v=2" });

    expect(preview.version).toBe(2);
    expect(preview.cookie).toBeUndefined();
    expect(await exposures(s)).toEqual([]);
  });

  it("serves the default for a ?v= that names no version, counts the request for /analysts/flows/ and no exposure", async () => {
    const s = await start();

    const page = await getQuotePage(s.app, "business-energy", { query: "?v=9" });

    expect(page.version).toBe(1);
    expect(await exposures(s)).toEqual([]);
    expect(await s.withDb((db) => db.selectFrom("funnel_unknown_versions").select(["flow_id", "requested", "count"]).execute())).toEqual([
      { flow_id: "business-energy", requested: "9", count: 1 },
    ]);
  });

  it.each([
    ["turned analytics cookies off", { cookie: "_sp_consent_chosen=1; _sp_analytics_on=0" }],
    ["sends Global Privacy Control", { headers: { "sec-gpc": "1" } }],
  ])("serves a visitor who %s the default version, with no cookie and no exposure", async (_name, request) => {
    const s = await start();

    const pages = await Promise.all(Array.from({ length: 20 }, () => getQuotePage(s.app, "business-energy", request)));

    expect(new Set(pages.map((p) => p.version))).toEqual(new Set([1]));
    expect(pages.every((p) => p.cookie === undefined)).toBe(true);
    expect(await exposures(s)).toEqual([]);
  });

  it("takes back the visit cookie of a visitor who turns analytics off later", async () => {
    const s = await start();
    const first = await getQuotePage(s.app, "business-energy");

    const after = await getQuotePage(s.app, "business-energy", { cookie: `${first.cookie}; _sp_consent_chosen=1; _sp_analytics_on=0` });

    expect([after.headers["set-cookie"]].flat().join("\n")).toMatch(/^_sp_visit=; Max-Age=0/m);
    expect(after.version).toBe(1);
  });

  it.each([
    ["a search engine's crawler", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
    ["a headless browser", { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36" }],
    ["a prefetch", { "sec-purpose": "prefetch" }],
    ["a prerender", { "sec-purpose": "prefetch;prerender" }],
  ])("serves %s but does not count it", async (_name, headers) => {
    const s = await start();

    const page = await getQuotePage(s.app, "business-energy", { headers });

    expect(page.status).toBe(200);
    expect(await exposures(s)).toEqual([]);
  });

  it("does not count a test visit (tm=1)", async () => {
    const s = await start();

    await getQuotePage(s.app, "business-energy", { query: "?tm=1" });

    expect(await exposures(s)).toEqual([]);
  });

  it("starts a new visit for a cookie it did not sign", async () => {
    const s = await start();

    const page = await getQuotePage(s.app, "business-energy", { cookie: "_sp_visit=AAAAAAAAAAAAAAAAAAAAAA.forged" });

    expect(page.cookie).toMatch(/^_sp_visit=/);
    expect((await exposures(s)).map((e) => e.visit_id)).not.toContain("AAAAAAAAAAAAAAAAAAAAAA");
  });

  it("moves /quote/<flow> to /quote/<flow>/ with its query, and answers an unknown flow with 404", async () => {
    const s = await start();

    const moved = await s.app.inject({ method: "GET", url: "/quote/business-energy?v=2&tm=1" });
    const unknown = await s.app.inject({ method: "GET", url: "/quote/business-gold/" });

    expect([moved.statusCode, moved.headers.location]).toEqual([301, "/quote/business-energy/?v=2&tm=1"]);
    expect(unknown.statusCode).toBe(404);
  });
});

describe("a lead's visit", () => {
  const postLead = (s: TestServer, cookie: string, phone: string) =>
    s.app.inject({ method: "POST", url: "/api/leads", headers: { cookie }, payload: businessEnergyV1({ phone }) });

  it("is stored with the lead when the visit was served, and left out when the visitor objects", async () => {
    const s = await start();
    const served = await getQuotePage(s.app, "business-energy");
    const visitId = served.cookie!.split("=")[1]!.split(".")[0];

    const counted = await postLead(s, served.cookie!, "0113 496 0001");
    const objected = await postLead(s, `${served.cookie}; _sp_consent_chosen=1; _sp_analytics_on=0`, "0113 496 0002");
    const forged = await postLead(s, "_sp_visit=AAAAAAAAAAAAAAAAAAAAAA.forged", "0113 496 0003");

    expect([counted.statusCode, objected.statusCode, forged.statusCode]).toEqual([200, 200, 200]);
    expect((await s.storedLead(counted.json().leadId))?.visit_id).toBe(visitId);
    expect((await s.storedLead(objected.json().leadId))?.visit_id).toBeNull();
    expect((await s.storedLead(forged.json().leadId))?.visit_id).toBeNull();
  });
});

describe("GET /api/quote-version: the same choice for a quote page the app draws itself", () => {
  const ask = (s: TestServer, query: string, cookie?: string) =>
    s.app.inject({ method: "GET", url: `/api/quote-version?${query}`, headers: { "user-agent": BROWSER_AGENT, ...(cookie ? { cookie } : {}) } });

  it("gives the visit the version its page would have, counting the visit once", async () => {
    const s = await start();
    const page = await getQuotePage(s.app, "business-energy");

    const answers = await Promise.all(Array.from({ length: 3 }, () => ask(s, "flow=business-energy", page.cookie)));

    expect(answers.map((a) => a.json())).toEqual(Array(3).fill({ version: page.version }));
    expect(answers[0]!.headers["cache-control"]).toBe("no-store");
    expect(await exposures(s)).toHaveLength(1);
  });

  it("starts a visit for a visitor without one, and answers a preview without counting it", async () => {
    const s = await start();

    const fresh = await ask(s, "flow=business-energy");
    const preview = await ask(s, "flow=business-energy&v=3");

    expect([fresh.headers["set-cookie"]].flat().join("\n")).toMatch(/^_sp_visit=/m);
    expect(preview.json()).toEqual({ version: 3 });
    expect(await exposures(s)).toHaveLength(1);
  });

  it("answers 404 for a flow it does not have", async () => {
    const s = await start();

    const response = await ask(s, "flow=business-gold");

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "4", message: 'Unknown quote form "business-gold"' });
  });
});
