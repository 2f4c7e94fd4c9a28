/**
 * Steps drawn by the server for a visitor without scripts, with the built site (dist/, from `npm run build`): only the
 * step's part is drawn per request, inside the version's pre-rendered page, and the page still holds the visitor's
 * answers and the step's form; step GETs are limited per address and per quote session, as the posts are.
 */
import { existsSync, readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../engine/node/formsFolder";
import { QUOTE_SESSION_COOKIE } from "../../server/plainQuote/plainQuote";
import { TOO_MANY_STEPS } from "../../server/plainQuote/stepLimits";
import { openTestPostgres, type TestDatabase } from "./support/databases";
import { BROWSER_AGENT } from "./support/quoteVisits";
import { serverDialects } from "./support/serverOnDialect";
import { startTestServer, type TestServer } from "./testServer";

const siteDir = path.join(repoRoot, "dist/client");
const PAGE = "/quote/business-energy/";

beforeAll(() => {
  if (!existsSync(path.join(repoRoot, "dist/server/entry-server.js"))) throw new Error("dist/ is missing: run `npm run build` first (npm test does).");
});

/** A browser without scripts, from one address: it keeps the quote cookie and follows nothing by itself. */
function plainBrowser(app: FastifyInstance, remoteAddress = "203.0.113.7") {
  let cookie = "";
  const headers = () => ({ "user-agent": BROWSER_AGENT, "sec-fetch-site": "same-origin", ...(cookie ? { cookie } : {}) });
  return {
    get cookie() {
      return cookie;
    },
    async post(url: string, form: Record<string, string>) {
      const response = await app.inject({ method: "POST", url, remoteAddress, headers: { ...headers(), "content-type": "application/x-www-form-urlencoded" }, payload: new URLSearchParams(form).toString() });
      const session = [response.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith(`${QUOTE_SESSION_COOKIE}=`));
      if (session) cookie = session.split(";")[0]!;
      return response;
    },
    get: (url: string, asCookie = cookie, extra: Record<string, string> = {}) => app.inject({ method: "GET", url, remoteAddress, headers: { ...headers(), cookie: asCookie, ...extra } }),
  };
}

describe.each(serverDialects)("steps drawn by the server on %s", (storeName, skipped) => {
  let server: TestServer | undefined;
  let store: TestDatabase | undefined;
  afterEach(async () => {
    await server?.close();
    await store?.drop();
    server = store = undefined;
  });

  /** A server with the built site; `RATE_LIMIT_MAX` of 2 gives plain steps (posted or drawn) a budget of 10. */
  async function start(env: Record<string, string> = {}): Promise<TestServer> {
    if (storeName === "PostgreSQL") store = await openTestPostgres();
    server = await startTestServer({ SITE_DIR: siteDir, ...(store ? { DATABASE_URL: store.url! } : {}), ...env });
    return server;
  }

  it.skipIf(skipped)("draws a step inside the version's page, holding the visitor's answers and the step's form", async () => {
    const { app } = await start();
    const browser = plainBrowser(app);
    expect((await browser.post(`${PAGE}?v=1`, { _step: "utility", _rev: "0", utility: "gas" })).headers.location).toBe(`${PAGE}?v=1&step=spend`);
    expect((await browser.post(`${PAGE}?v=1&step=spend`, { _step: "spend", _rev: "1", spendString: "below1000" })).statusCode).toBe(303);

    // Back to the first question: the answer given is the one checked, in the step's own form.
    const back = await browser.get(`${PAGE}?v=1&step=utility`);
    expect(back.statusCode).toBe(200);
    expect(back.headers["cache-control"]).toBe("no-store");
    expect(back.body).toMatch(/<form id="quote-step-form" [^>]*method="post"[^>]*><input type="hidden" name="_step" value="utility"\/><input type="hidden" name="_rev" value="2"\/>/);
    expect(back.body.match(/<input type="radio"[^>]*name="utility" checked="" value="[a-z]+"/g)).toEqual([expect.stringContaining('value="gas"')]);
    // The state for the page's script, and the version's page around the step: its head, header, footer and scripts.
    expect(back.body).toContain('<script type="application/json" id="quote-served-step">');
    const versionPage = readFileSync(path.join(siteDir, "quote/business-energy/v1.html"), "utf8");
    expect(back.body.slice(0, back.body.indexOf("<main"))).toBe(versionPage.slice(0, versionPage.indexOf("<main")));
    // Its data block names the same document, with the validators this server made for the version, as its first page does.
    const dataBlock = /<script type="application\/json" id="quote-published-flow">(.*?)<\/script>/s;
    const withoutData = (html: string) => html.replace(dataBlock, "");
    expect(withoutData(back.body.slice(back.body.indexOf("</main>")))).toBe(withoutData(versionPage.slice(versionPage.indexOf("</main>")).replace("</body>", () => back.body.slice(back.body.indexOf('<script type="application/json" id="quote-served-step"'), back.body.indexOf("</body>")) + "</body>")));
    expect(JSON.parse(dataBlock.exec(back.body)![1]!).document).toEqual(JSON.parse(dataBlock.exec(versionPage)![1]!).document);

    // The step the visitor is on, with the answer of the step before it shown nowhere but the kept state.
    const current = await browser.get(`${PAGE}?v=1&step=contract`);
    expect(current.body).toMatch(/<input type="hidden" name="_step" value="contract"\/><input type="hidden" name="_rev" value="2"\/>/);
  });

  it.skipIf(skipped)("sends a drawn step Brotli-compressed to a browser that takes it: the same page, a fraction of the size", async () => {
    const { app } = await start();
    const browser = plainBrowser(app);
    await browser.post(`${PAGE}?v=1`, { _step: "utility", _rev: "0", utility: "gas" });

    const plain = await browser.get(`${PAGE}?v=1&step=spend`);
    const compressed = await browser.get(`${PAGE}?v=1&step=spend`, browser.cookie, { "accept-encoding": "gzip, deflate, br" });

    expect([plain.headers["content-encoding"], plain.headers.vary]).toEqual([undefined, "accept-encoding"]);
    expect([compressed.headers["content-encoding"], compressed.headers.vary, compressed.headers["cache-control"]]).toEqual(["br", "accept-encoding", "no-store"]);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it.skipIf(skipped)("redraws a form step with what the visitor typed and the problems found, each time it is asked", async () => {
    const { app } = await start();
    const browser = plainBrowser(app);
    await browser.post(`${PAGE}?v=1`, { _step: "utility", _rev: "0", utility: "electricity" });
    const steps: Array<[string, Record<string, string>]> = [
      ["spend", { spendString: "between1000And5000" }],
      ["meter", { hasHalfHourlyMeter: "no" }],
      ["contract", { contractExpiry: "within3Months" }],
      ["supplier", { currentSupplier: "edf" }],
    ];
    for (const [index, [step, answer]] of steps.entries()) await browser.post(`${PAGE}?v=1&step=${step}`, { _step: step, _rev: String(index + 1), ...answer });
    const typed = await browser.post(`${PAGE}?v=1&step=address`, { _step: "address", _rev: "5", postcode: "not a postcode", addressAction: "find" });
    expect(typed.statusCode).toBe(303);
    for (const asked of [1, 2]) {
      const page = await browser.get(String(typed.headers.location));
      expect(page.statusCode, `asked ${asked} times`).toBe(200);
      expect(page.body).toMatch(/<input[^>]*name="postcode"[^>]*value="not a postcode"/);
      expect(page.body).toContain('class="error-summary"');
    }
  });

  it.skipIf(skipped)("answers step GETs over the budget 429 with a plain page, per address and per quote session", async () => {
    const { app } = await start({ RATE_LIMIT_MAX: "2" });
    const browser = plainBrowser(app);
    await browser.post(`${PAGE}?v=1`, { _step: "utility", _rev: "0", utility: "gas" });
    for (let i = 0; i < 10; i++) expect((await browser.get(`${PAGE}?v=1&step=spend`)).statusCode).toBe(200);

    const over = await browser.get(`${PAGE}?v=1&step=spend`);
    expect(over.statusCode).toBe(429);
    expect(over.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(over.body).toContain(TOO_MANY_STEPS);
    expect(over.body).not.toContain("quote-served-step");

    // The same cookie from another address is over the session's budget; another address's own visitor is not.
    expect((await plainBrowser(app, "198.51.100.9").get(`${PAGE}?v=1&step=spend`, browser.cookie)).statusCode).toBe(429);
    const other = plainBrowser(app, "198.51.100.9");
    await other.post(`${PAGE}?v=1`, { _step: "utility", _rev: "0", utility: "gas" });
    expect((await other.get(`${PAGE}?v=1&step=spend`)).statusCode).toBe(200);
    // The pre-rendered first page is not a drawn step: never limited here.
    expect((await browser.get(`${PAGE}?v=1`)).statusCode).toBe(200);
  });
});
