/**
 * The analysts' pages (/analysts/) are for signed-in analysts only: the sign-in form and its session cookie, HTTP
 * Basic for scripts, and nothing at all (not one count) for anybody else. On both stores, since the page reads them.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeAnalyst } from "../../server/storage/analystsStore";
import { businessEnergyV1, makeTempDir, removeTempDir, startTestServer } from "./testServer";
import { ANALYST, basic, OTHER_ANALYST, PAGE_ACCEPT, signIn, writeTestAnalysts } from "./support/analysts";
import { openTestPostgres, testDatabaseUrl } from "./support/databases";
import { getQuotePage } from "./support/quoteVisits";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";

let server: QuoteServerOn | undefined;
let dir: string | undefined;
afterEach(async () => {
  await server?.close();
  if (dir) await removeTempDir(dir);
  server = dir = undefined;
});

const REPORT = "/analysts/flows/";
const PICTURE = "/analysts/flows/business-energy-v1.svg";
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" role="img"><title>business-energy v1</title></svg>';

/** A server with quote pages, an analysts file (jo and sam), the flows' pictures beside the site, and a clock the test moves. */
async function startWithAnalysts(dialect: "SQLite" | "PostgreSQL", clock: { now: Date } = { now: new Date() }, env: Record<string, string> = {}) {
  dir = await makeTempDir("switchplan-analysts-");
  const analystsFile = await writeTestAnalysts(dir);
  const pictures = path.join(dir, "analysts", "flows");
  await mkdir(pictures, { recursive: true });
  await writeFile(path.join(pictures, "business-energy-v1.svg"), SVG);
  server = await startQuoteServerOn(dialect, { ANALYSTS_FILE: analystsFile, SITE_DIR: path.join(dir, "site"), ...env }, { now: () => clock.now });
  // A visit, so the report has a count to show (or to keep from an anonymous request).
  await getQuotePage(server.app, "business-energy");
  return { app: server.app, analystsFile, clock };
}

const get = (s: { app: QuoteServerOn["app"] }, url: string, headers: Record<string, string> = {}) => s.app.inject({ method: "GET", url, headers });

describe.each(serverDialects)("the analysts' pages on %s", (dialect, skipped) => {
  it.skipIf(skipped)("answer an anonymous request 401 with no count in the body, and name Basic for scripts", async () => {
    const s = await startWithAnalysts(dialect);

    for (const url of [REPORT, PICTURE, "/analysts/"]) {
      const response = await get(s, url, { accept: "*/*" });
      expect(response.statusCode, url).toBe(401);
      expect(response.headers["www-authenticate"]).toMatch(/^Basic realm="Analysts"/);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.body).not.toMatch(/\d/);
      expect(response.body).not.toContain("business-energy");
    }
  });

  it.skipIf(skipped)("send a browser asking for a page to the sign-in form, with the page to come back to", async () => {
    const s = await startWithAnalysts(dialect);

    const response = await get(s, `${REPORT}?flow=business-energy`, { accept: PAGE_ACCEPT });
    const form = await get(s, response.headers.location!, { accept: PAGE_ACCEPT });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/analysts/sign-in?return=${encodeURIComponent(`${REPORT}?flow=business-energy`)}`);
    expect(response.body).toBe("");
    expect(form.statusCode).toBe(200);
    expect(form.headers["cache-control"]).toBe("no-store");
    expect(form.body).toContain('<meta name="robots" content="noindex">');
    expect(form.body).toContain('<form method="post" action="/analysts/sign-in">');
    expect(form.body).toContain(`<input type="hidden" name="return" value="${REPORT}?flow=business-energy">`);
    expect(form.body).toMatch(/<label for="password">Password<\/label><br><input id="password" name="password" type="password"/);
  });

  it.skipIf(skipped)("refuse a wrong password, by the form and by Basic, and an unknown name the same way", async () => {
    const s = await startWithAnalysts(dialect);

    const form = await signIn(s.app, { name: ANALYST.name, password: "not the password" });
    const byBasic = await get(s, REPORT, { authorization: basic(ANALYST.name, "not the password") });
    const unknown = await get(s, REPORT, { authorization: basic("nobody", ANALYST.password) });
    const otherPassword = await get(s, REPORT, { authorization: basic(ANALYST.name, OTHER_ANALYST.password) });

    expect(form.response.statusCode).toBe(401);
    expect(form.setCookie).toBeUndefined();
    expect(form.response.body).toMatch(/<p role="alert"[^>]*>The name or password is not right.<\/p>/);
    expect(form.response.body).not.toContain("not the password");
    for (const response of [byBasic, unknown, otherPassword]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain("business-energy");
    }
  });

  it.skipIf(skipped)("serve the report and its pictures to an analyst by Basic, never cached", async () => {
    const s = await startWithAnalysts(dialect);
    const authorization = basic(ANALYST.name, ANALYST.password);

    const report = await get(s, REPORT, { authorization });
    const flowPage = await get(s, "/analysts/flows/business-energy/", { authorization });
    const noSuchFlow = await get(s, "/analysts/flows/no-such-flow/", { authorization });
    const guide = await get(s, "/analysts/guide/", { authorization });
    const picture = await get(s, PICTURE, { authorization });
    const missing = await get(s, "/analysts/flows/business-energy-v99.svg", { authorization });

    expect(report.statusCode).toBe(200);
    expect(report.headers).toMatchObject({ "cache-control": "no-store", "x-robots-tag": "noindex" });
    expect(report.body).toContain("Quote flows and their tests</h1>");
    expect(report.body).toContain('<a href="/analysts/flows/business-energy/">');
    expect(report.body).toContain("Signed in as jo");
    expect(flowPage.statusCode).toBe(200);
    expect(flowPage.headers).toMatchObject({ "cache-control": "no-store", "x-robots-tag": "noindex" });
    expect(flowPage.body).toContain('src="/analysts/flows/business-energy-v1.svg"');
    expect(flowPage.body).toContain("Signed in as jo");
    expect(noSuchFlow.statusCode).toBe(404);
    expect(guide.statusCode).toBe(200);
    expect(guide.body).toContain('<h3 id="settled-visits">');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/svg+xml");
    expect(picture.headers["cache-control"]).toBe("no-store");
    expect(picture.body).toBe(SVG);
    expect(missing.statusCode).toBe(404);
  });

  it.skipIf(skipped)("sign an analyst in by the form: a signed, HttpOnly, SameSite=Strict cookie for 8 hours, and back to the page asked for", async () => {
    const s = await startWithAnalysts(dialect);

    const { response, setCookie, cookie } = await signIn(s.app, { ...ANALYST, returnPath: `${REPORT}#business-water` });
    const report = await get(s, REPORT, { cookie: cookie! });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(REPORT);
    expect(setCookie).toMatch(/^_sp_analyst=[A-Za-z0-9_-]{22}\.[^;]+; Max-Age=28800; Path=\/analysts; HttpOnly; SameSite=Strict$/);
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('<form method="post" action="/analysts/sign-out"');
  });

  it.skipIf(skipped)("go back only to an analysts' page of this site after signing in, never elsewhere", async () => {
    const s = await startWithAnalysts(dialect);

    for (const returnPath of ["https://evil.example/", "//evil.example/analysts/", "/\\evil.example", "/quote/business-energy/", "/analysts/sign-out"]) {
      const { response } = await signIn(s.app, { ...ANALYST, returnPath });
      expect(response.headers.location, returnPath).toBe(REPORT);
    }
  });

  it.skipIf(skipped)("mark the cookie Secure behind HTTPS", async () => {
    const s = await startWithAnalysts(dialect, undefined, { TRUST_PROXY: "1", PUBLIC_ORIGIN: "https://www.switchplan.example" });

    const { setCookie } = await signIn(s.app, { ...ANALYST, headers: { "x-forwarded-proto": "https", origin: "https://www.switchplan.example" } });

    expect(setCookie).toMatch(/; Secure(;|$)/);
  });

  it.skipIf(skipped)("end a session 8 hours after signing in, whatever the browser keeps", async () => {
    const clock = { now: new Date("2026-11-26T09:00:00Z") };
    const s = await startWithAnalysts(dialect, clock);
    const { cookie } = await signIn(s.app, ANALYST);

    clock.now = new Date("2026-11-26T16:59:00Z");
    const before = await get(s, REPORT, { cookie: cookie!, accept: "*/*" });
    clock.now = new Date("2026-11-26T17:00:00Z");
    const after = await get(s, REPORT, { cookie: cookie!, accept: "*/*" });

    expect(before.statusCode).toBe(200);
    expect(after.statusCode).toBe(401);
  });

  it.skipIf(skipped)("refuse a forged session cookie, one changed by hand, and another cookie's value under its name", async () => {
    const s = await startWithAnalysts(dialect);
    const { cookie } = await signIn(s.app, ANALYST);
    const value = cookie!.slice("_sp_analyst=".length);
    const [session, signature] = value.split(".");
    const visit = (await getQuotePage(s.app, "business-water")).cookie!.slice("_sp_visit=".length);
    // A value of ours for another name: the visit cookie, set by its key, sent as the analysts' cookie.
    const forged = [`${"A".repeat(22)}.${signature}`, `${session}.forged`, session!, visit];

    for (const attempt of forged) {
      const response = await get(s, REPORT, { cookie: `_sp_analyst=${attempt}`, accept: "*/*" });
      expect(response.statusCode, attempt).toBe(401);
    }
    const asVisit = await getQuotePage(s.app, "business-water", { cookie: `_sp_visit=${value}` });
    expect(asVisit.cookie).toMatch(/^_sp_visit=(?!.*\.jo\.)/);
  });

  it.skipIf(skipped)("sign out with the page's button: the cookie is cleared and the form says so", async () => {
    const s = await startWithAnalysts(dialect);
    const { cookie } = await signIn(s.app, ANALYST);

    const out = await s.app.inject({ method: "POST", url: "/analysts/sign-out", headers: { cookie: cookie!, accept: PAGE_ACCEPT } });
    const form = await get(s, out.headers.location!, { accept: PAGE_ACCEPT });

    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/analysts/sign-in?signed-out");
    expect([out.headers["set-cookie"]].flat().join("\n")).toMatch(/^_sp_analyst=; Max-Age=0; Path=\/analysts; Expires=[^;]+; HttpOnly; SameSite=Strict/m);
    expect(form.body).toContain("You have signed out.");
  });

  it.skipIf(skipped)("end the session on the server at sign-out: a copy of the cookie taken before is refused after it", async () => {
    const s = await startWithAnalysts(dialect);
    const { cookie } = await signIn(s.app, ANALYST);
    const other = await signIn(s.app, OTHER_ANALYST);

    const before = await get(s, REPORT, { cookie: cookie! });
    await s.app.inject({ method: "POST", url: "/analysts/sign-out", headers: { cookie: cookie!, accept: PAGE_ACCEPT } });
    const copy = await get(s, REPORT, { cookie: cookie!, accept: "*/*" });
    const copyInBrowser = await get(s, REPORT, { cookie: cookie!, accept: PAGE_ACCEPT });
    const stillSignedIn = await get(s, REPORT, { cookie: other.cookie! });

    expect(before.statusCode).toBe(200);
    expect(copy.statusCode).toBe(401);
    expect(copy.body).not.toContain("business-energy");
    expect(copyInBrowser.statusCode).toBe(303);
    expect(stillSignedIn.statusCode).toBe(200);
  });

  it.skipIf(skipped)("keep one row per session in the store, gone at sign-out, and remove sessions over 8 hours old as analysts sign in", async () => {
    const clock = { now: new Date("2026-11-26T09:00:00Z") };
    const s = await startWithAnalysts(dialect, clock);
    const sessions = () => server!.db.selectFrom("analyst_sessions").select(["analyst", "started_at"]).orderBy("started_at").execute();

    const first = await signIn(s.app, ANALYST);
    await signIn(s.app, OTHER_ANALYST);
    const out = await signIn(s.app, ANALYST);
    const afterSignIns = await sessions();
    await s.app.inject({ method: "POST", url: "/analysts/sign-out", headers: { cookie: out.cookie!, accept: PAGE_ACCEPT } });
    const afterSignOut = await sessions();
    clock.now = new Date("2026-11-26T17:00:01Z");
    await signIn(s.app, OTHER_ANALYST);
    const afterADay = await sessions();
    const expired = await get(s, REPORT, { cookie: first.cookie!, accept: "*/*" });

    expect(afterSignIns.map((row) => row.analyst)).toEqual(["jo", "sam", "jo"]);
    expect(afterSignOut.map((row) => row.analyst)).toEqual(["jo", "sam"]);
    expect(afterADay).toEqual([{ analyst: "sam", started_at: "2026-11-26T17:00:01.000Z" }]);
    expect(expired.statusCode).toBe(401);
  });

  it.skipIf(skipped)("take the sign-in as a form only: a JSON body is answered 415 and signs no one in", async () => {
    const s = await startWithAnalysts(dialect);

    const json = await s.app.inject({ method: "POST", url: "/analysts/sign-in", headers: { "content-type": "application/json", accept: PAGE_ACCEPT }, payload: JSON.stringify(ANALYST) });
    const text = await s.app.inject({ method: "POST", url: "/analysts/sign-in", headers: { "content-type": "text/plain", accept: PAGE_ACCEPT }, payload: `name=jo&password=${ANALYST.password}` });
    const form = await signIn(s.app, ANALYST);

    for (const response of [json, text]) {
      expect(response.statusCode).toBe(415);
      expect(response.headers["set-cookie"]).toBeUndefined();
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain("Sign in with the form on the sign-in page.");
    }
    expect(form.response.statusCode).toBe(303);
  });

  it.skipIf(skipped)("refuse the session of an analyst removed from the store at their next request", async () => {
    const s = await startWithAnalysts(dialect);
    const { cookie } = await signIn(s.app, ANALYST);
    const before = await get(s, REPORT, { cookie: cookie! });

    await removeAnalyst(server!.db, ANALYST.name);
    const after = await get(s, REPORT, { cookie: cookie!, accept: "*/*" });
    const byBasic = await get(s, REPORT, { authorization: basic(ANALYST.name, ANALYST.password) });
    const other = await get(s, REPORT, { authorization: basic(OTHER_ANALYST.name, OTHER_ANALYST.password) });

    expect(before.statusCode).toBe(200);
    expect(after.statusCode).toBe(401);
    expect(byBasic.statusCode).toBe(401);
    expect(other.statusCode).toBe(200);
  });

  it.skipIf(skipped)("leave quote pages and the API as they were, with no credentials", async () => {
    const s = await startWithAnalysts(dialect);

    const quote = await getQuotePage(s.app, "business-water");
    const health = await get(s, "/api/health");
    const partners = await get(s, "/api/partners?service=business-energy");
    const lead = await s.app.inject({ method: "POST", url: "/api/leads", headers: { cookie: quote.cookie! }, payload: businessEnergyV1() });

    expect(quote.status).toBe(200);
    expect(quote.version).toBeDefined();
    expect(health.statusCode).toBe(200);
    expect(partners.statusCode).toBe(200);
    expect(lead.statusCode).toBe(200);
  });
});

describe("the analysts' sessions of two instances sharing PostgreSQL", () => {
  it.skipIf(!testDatabaseUrl)("end at sign-out on one for both: the other refuses a copy of the cookie", async () => {
    dir = await makeTempDir("switchplan-analysts-");
    const store = await openTestPostgres();
    const env = { ANALYSTS_FILE: await writeTestAnalysts(dir), DATABASE_URL: store.url! };
    const [a, b] = [await startTestServer(env), await startTestServer(env)];
    try {
      const { cookie } = await signIn(a.app, ANALYST);
      const onB = await b.app.inject({ method: "GET", url: REPORT, headers: { cookie: cookie! } });
      await a.app.inject({ method: "POST", url: "/analysts/sign-out", headers: { cookie: cookie!, accept: PAGE_ACCEPT } });
      const onBAfter = await b.app.inject({ method: "GET", url: REPORT, headers: { cookie: cookie!, accept: "*/*" } });

      expect(onB.statusCode).toBe(200);
      expect(onBAfter.statusCode).toBe(401);
    } finally {
      await a.close();
      await b.close();
      await store.drop();
    }
  });
});

describe("the analysts' pages in the live preview", () => {
  it("are open without signing in, and /dev/flows/ leads there", async () => {
    server = await startQuoteServerOn("SQLite", {}, { analysts: "open" });

    const report = await get(server, REPORT, { accept: "*/*" });
    const old = await get(server, "/dev/flows/");
    const signInForm = await get(server, "/analysts/sign-in");

    expect(report.statusCode).toBe(200);
    expect(report.headers["cache-control"]).toBe("no-store");
    expect(report.body).toContain("Quote flows and their tests</h1>");
    expect(report.body).not.toContain("Sign out");
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(REPORT);
    expect(signInForm.statusCode).toBe(404);
  });
});

describe("the analysts' pages where they are not served", () => {
  it("answer /dev/flows/ 404 in production", async () => {
    const s = await startWithAnalysts("SQLite");

    for (const url of ["/dev/flows/", "/dev/flows", "/dev/flows/business-energy-v1.svg"]) {
      const response = await get(s, url, { authorization: basic(ANALYST.name, ANALYST.password) });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it("answer every analysts' page 404 with no analysts in the store (and no file to import), however asked", async () => {
    dir = await makeTempDir("switchplan-analysts-");
    server = await startQuoteServerOn("SQLite", { ANALYSTS_FILE: path.join(dir, "analysts.json") });

    for (const [method, url, headers] of [
      ["GET", REPORT, {}],
      ["GET", REPORT, { accept: PAGE_ACCEPT }],
      ["GET", PICTURE, { authorization: basic(ANALYST.name, ANALYST.password) }],
      ["GET", "/analysts/", {}],
      ["GET", "/analysts/sign-in", { accept: PAGE_ACCEPT }],
      ["POST", "/analysts/sign-in", { "content-type": "application/x-www-form-urlencoded" }],
      ["POST", "/analysts/sign-out", {}],
    ] as const) {
      const response = await server.app.inject({ method, url, headers, ...(method === "POST" ? { payload: "name=jo&password=correct+horse+battery" } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
