/**
 * Every route the server registers, found by Fastify's onRoute hook (so a route added later is covered without
 * naming it here), answers requests of any shape below 500: query strings with repeated keys, list-like names and
 * broken escapes; any headers and cookies; JSON bodies of any shape and depth, forms and other bytes.
 */
import fc from "fast-check";
import type { FastifyServerOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { siteOrigin } from "../../server/security/siteOrigin";
import { loadConfig } from "../../server/config";
import { ANALYST, signIn, writeTestAnalysts } from "./support/analysts";
import { anyRequest, type KnownValues, type RegisteredRoute } from "./support/anyRequest";
import { BROWSER_AGENT, getQuotePage } from "./support/quoteVisits";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";
import { businessEnergyV1, makeTempDir, removeTempDir } from "./testServer";

/** Requests per route and method, on each database. */
const RUNS = 200;

const registered = vi.hoisted(() => new Map<string, RegisteredRoute>());

// Each app Fastify makes here reports its routes as they are registered.
vi.mock("fastify", async (importOriginal) => {
  const fastify = await importOriginal<typeof import("fastify")>();
  const reporting = ((options?: FastifyServerOptions) => {
    const app = fastify.default(options);
    app.addHook("onRoute", ({ method, url }) => {
      for (const one of [method].flat()) registered.set(`${one} ${url}`, { method: one, url });
    });
    return app;
  }) as unknown as typeof fastify.default;
  return { ...fastify, default: reporting, fastify: reporting };
});

/** Real names for query values and path parameters: flows, steps, versions. */
const WORDS = ["business-energy", "business-water", "business-credit-cards", "quote", "marketplace", "utility", "sites", "spend", "contact", "done", "1", "2"];
/** Good path parameters: by name, and a route's `*` by the route. */
const PARAMS = {
  flowId: ["business-credit-cards", "business-energy"],
  version: ["1", "2"],
  stepId: ["marketplace", "utility"],
  picture: ["business-energy-v1.svg", "business-water-v1.svg"],
  "/quote/*": ["business-energy/", "business-water/", "take-card-payments/barclaycard/", "business-water"],
  "/*": ["", "quote/", "quote/business-water/", "index.html", "favicon.svg", "analysts/flows/"],
};
/** Query parameters with values the routes take. */
const QUERY_PAIRS = ["flow=business-water", "flow=business-energy", "postcode=LS1%204DY", "service=business-energy", "v=1", "v=2", "tm=1", "step=spend", "step=contact", "industry=retail", "return=%2Fanalysts%2Fflows%2F", "utm_source=google"];
/** Forms the pages post, by route: a quote's steps, a cookie choice, a sign-in and a newsletter sign-up. */
const FORMS = {
  "/quote/*": ["_step=sites&_rev=0&sites=one", "_step=utility&_rev=0&utility=gas", "_step=spend&_rev=1&spend=over5000", "_step=address&_rev=0&postcode=LS1+4DY&_find=1"],
  "/api/consent": ["choice=accept", "choice=customise", "choice=save&analytics=1"],
  "/analysts/sign-in": ["name=jo&password=wrong+password+here&return=%2Fanalysts%2Fflows%2F"],
  "/api/newsletter": ["email=a%40example.com&consentText=Yes"],
};

describe.each(serverDialects)("requests of any shape to every route, on %s", (dialect, skipped) => {
  let s: QuoteServerOn;
  let dir: string;
  let known: KnownValues;
  beforeAll(async () => {
    if (skipped) return;
    dir = await makeTempDir("switchplan-every-route-");
    registered.clear();
    s = await startQuoteServerOn(dialect, { ANALYSTS_FILE: await writeTestAnalysts(dir), ADDRESS_RATE_LIMIT_MAX: "100000", OPENING_HOURS: "always" });
    const bodies = { "/api/leads": [businessEnergyV1()], "/api/events": [{ flowId: "business-water", version: 1, stepId: "spend" }], "/api/newsletter": [{ email: "a@example.com", consentText: "Yes please" }] };
    known = { siteOrigin: siteOrigin(loadConfig({}), () => null)(), cookies: await realCookies(s), words: WORDS, params: PARAMS, queryPairs: QUERY_PAIRS, bodies, forms: FORMS };
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    if (dir) await removeTempDir(dir);
  });

  it.skipIf(skipped)("answers each below 500", async () => {
    const routes = [...registered.values()];
    // The hook saw the whole app: the pages, the API and the analysts' routes.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(["GET /quote/*", "POST /quote/*", "POST /api/leads", "GET /api/quote-version", "POST /analysts/sign-in", "GET /*"]));

    const faults: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(anyRequest(route, known), async (request) => {
          const response = await s.app.inject(request);
          if (response.statusCode >= 500) faults.push(`${route.method} ${route.url}: ${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 120)}`);
          expect(response.statusCode, `${request.method} ${request.url}`).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
    }

    expect(faults).toEqual([]);
  }, 300_000);
});

/** A visit's, a quote session's and a signed-in analyst's cookies, as the server set them. */
async function realCookies(s: QuoteServerOn): Promise<string[]> {
  const visit = (await getQuotePage(s.app, "business-water")).cookie!;
  const step = await s.app.inject({
    method: "POST",
    url: "/quote/business-energy/?v=1",
    headers: { "user-agent": BROWSER_AGENT, "content-type": "application/x-www-form-urlencoded", cookie: visit },
    payload: new URLSearchParams({ _step: "utility", _rev: "0", utility: "gas" }).toString(),
  });
  const quote = [step.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("_sp_quote="))!.split(";")[0]!;
  const analyst = (await signIn(s.app, { ...ANALYST, remoteAddress: "192.0.2.200" })).cookie!;
  return [visit, quote, analyst];
}
