/**
 * Every post a page of the site makes is taken only from the site's own origin: PUBLIC_ORIGIN, or else the address
 * the server listens on. A post naming another site, or no site at all, is refused and changes nothing, whatever its
 * Host header says.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../server/storage/schema";
import { openTestPostgres, type TestDatabase } from "./support/databases";
import { BROWSER_AGENT, getQuotePage } from "./support/quoteVisits";
import { serverDialects } from "./support/serverOnDialect";
import { businessEnergyV1, startTestServer, type TestServer } from "./testServer";

let server: TestServer | undefined;
let store: TestDatabase | undefined;
afterEach(async () => {
  await server?.close();
  await store?.drop();
  server = store = undefined;
});

/** A server with quote pages on SQLite or a fresh PostgreSQL schema; `db` reads what it stored. */
async function start(dialect: "SQLite" | "PostgreSQL", env: Record<string, string> = {}) {
  store = dialect === "PostgreSQL" ? await openTestPostgres() : undefined;
  server = await startTestServer({ ...env, ...(store?.url ? { DATABASE_URL: store.url } : {}) }, false, { quotePages: true, now: () => new Date("2026-03-04T11:00:00Z") });
  const { app, withDb } = server;
  const kept = store?.db;
  const db = <T>(read: (d: Kysely<Database>) => Promise<T>): Promise<T> => (kept ? read(kept) : withDb(read));
  return { app, db };
}

type Headers = Record<string, string | undefined>;

/** Each post the site's pages make, as they make it, and the status it answers when taken. */
const POSTS: Array<[route: string, taken: number, send: (app: FastifyInstance, headers: Headers, visit: string) => Promise<LightMyRequestResponse>]> = [
  ["a quote step (POST /quote/…)", 303, (app, headers) => form(app, "/quote/business-energy/?v=1", { _step: "utility", _rev: "0", utility: "gas" }, headers)],
  ["the cookie banner (POST /api/consent)", 303, (app, headers) => form(app, "/api/consent", { choice: "accept" }, headers)],
  ["the newsletter (POST /api/newsletter)", 200, (app, headers) => json(app, "/api/newsletter", { email: "someone@example.com", consentText: "Yes please" }, headers)],
  ["a lead (POST /api/leads)", 200, (app, headers) => json(app, "/api/leads", businessEnergyV1(), headers)],
  ["a step beacon (POST /api/events)", 204, (app, headers, visit) => json(app, "/api/events", { flowId: "business-water", version: 1, stepId: "sites" }, { cookie: visit, ...headers })],
];

const form = (app: FastifyInstance, url: string, fields: Record<string, string>, headers: Headers) =>
  app.inject({ method: "POST", url, headers: { "user-agent": BROWSER_AGENT, "content-type": "application/x-www-form-urlencoded", ...headers }, payload: new URLSearchParams(fields).toString() });

const json = (app: FastifyInstance, url: string, body: object, headers: Headers) =>
  app.inject({ method: "POST", url, headers: { "user-agent": BROWSER_AGENT, "content-type": "application/json", ...headers }, payload: JSON.stringify(body) });

/** What a refused post must not have left: leads, sign-ups, quote sessions or counted steps. */
const kept = (db: <T>(read: (d: Kysely<Database>) => Promise<T>) => Promise<T>) =>
  Promise.all((["leads", "newsletter_subscribers", "quote_sessions", "experiment_step_reach"] as const).map((table) => db((d) => d.selectFrom(table).selectAll().execute()).then((rows) => rows.length)));

describe.each(serverDialects)("posts from the site's own pages only, on %s", (dialect, skipped) => {
  it.skipIf(skipped)("refuses every post from another site naming itself as the host, or naming no site, and keeps nothing", async () => {
    const { app, db } = await start(dialect);
    const visit = (await getQuotePage(app, "business-water")).cookie!;
    // Serving the page counted its first step; the posts must add nothing to that.
    const before = await kept(db);
    const refusals: Array<[string, Headers]> = [
      ["Host: evil.example and Origin: http://evil.example", { host: "evil.example", origin: "http://evil.example" }],
      ["neither Origin nor Referer", { origin: undefined }],
      ["a Referer on another site", { origin: undefined, referer: "http://evil.example/page" }],
    ];

    const answers: string[] = [];
    for (const [route, , send] of POSTS) {
      for (const [what, headers] of refusals) {
        const response = await send(app, headers, visit);
        answers.push(`${route}, ${what}: ${response.statusCode}${response.headers["set-cookie"] ? " with cookies" : ""}`);
      }
    }

    expect(answers).toEqual(POSTS.flatMap(([route]) => refusals.map(([what]) => `${route}, ${what}: 403`)));
    expect(before).toEqual([0, 0, 0, 1]);
    expect(await kept(db)).toEqual(before);
  });

  it.skipIf(skipped)("refuses an Origin that is not exactly scheme://host[:port], and a Referer with a user in it, though a URL parser would read the site's", async () => {
    // Without PUBLIC_ORIGIN and not listening, the site is http://localhost:3000, known by any of its loopback names.
    const { app, db } = await start(dialect);
    const visit = (await getQuotePage(app, "business-water")).cookie!;
    const before = await kept(db);
    const refusals: Array<[string, Headers]> = [
      ["a user before the host", { origin: "http://x@127.0.0.1:3000" }],
      ["a path", { origin: "http://127.0.0.1:3000/quote/" }],
      ["a bare slash", { origin: "http://localhost:3000/" }],
      ["capitals", { origin: "HTTP://LOCALHOST:3000" }],
      ["an empty query", { origin: "http://localhost:3000?" }],
      ["null", { origin: "null" }],
      ["a Referer with a user before the host", { origin: undefined, referer: "http://x@localhost:3000/business-energy/" }],
    ];

    const answers: string[] = [];
    for (const [route, , send] of POSTS) {
      for (const [what, headers] of refusals) answers.push(`${route}, ${what}: ${(await send(app, headers, visit)).statusCode}`);
    }

    expect(answers).toEqual(POSTS.flatMap(([route]) => refusals.map(([what]) => `${route}, ${what}: 403`)));
    expect(await kept(db)).toEqual(before);
  });

  it.skipIf(skipped)("refuses a Referer naming PUBLIC_ORIGIN's host after a user", async () => {
    const { app } = await start(dialect, { PUBLIC_ORIGIN: "https://www.switchplan.example" });
    const [, , newsletter] = POSTS[2]!;

    const withUser = await newsletter(app, { origin: undefined, referer: "https://x@www.switchplan.example/business-energy/" }, "");
    const plain = await newsletter(app, { origin: undefined, referer: "https://www.switchplan.example/business-energy/" }, "");

    expect([withUser.statusCode, plain.statusCode]).toEqual([403, 200]);
  });

  it.skipIf(skipped)("takes each from the site's pages: their Origin, or a Referer on the site", async () => {
    const { app } = await start(dialect, { PUBLIC_ORIGIN: "https://www.switchplan.example" });
    const visit = (await getQuotePage(app, "business-water")).cookie!;

    const answers: string[] = [];
    for (const [route, , send] of POSTS) {
      for (const headers of [{ origin: "https://www.switchplan.example" }, { origin: undefined, referer: "https://www.switchplan.example/business-energy/" }]) {
        answers.push(`${route}: ${(await send(app, headers, visit)).statusCode}`);
      }
    }

    expect(answers).toEqual(POSTS.flatMap(([route, taken]) => [`${route}: ${taken}`, `${route}: ${taken}`]));
  });

  it.skipIf(skipped)("behind a proxy, takes posts from PUBLIC_ORIGIN and not from the address the proxy reaches", async () => {
    const { app } = await start(dialect, { PUBLIC_ORIGIN: "https://www.switchplan.example", TRUST_PROXY: "1" });
    const proxied = { host: "10.0.0.5:3000", "x-forwarded-proto": "https", "x-forwarded-host": "www.switchplan.example" };
    const [, , newsletter] = POSTS[2]!;

    const fromSite = await newsletter(app, { ...proxied, origin: "https://www.switchplan.example" }, "");
    const fromInside = await newsletter(app, { ...proxied, origin: "http://10.0.0.5:3000" }, "");

    expect([fromSite.statusCode, fromInside.statusCode]).toEqual([200, 403]);
  });

  it.skipIf(skipped)("without PUBLIC_ORIGIN, takes posts from the address the server listens on, by any of its loopback names", async () => {
    const { app } = await start(dialect, { HOST: "127.0.0.1", PORT: "0" });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const url = `http://127.0.0.1:${port}`;
    const signUp = (origin: string, email: string) =>
      fetch(`${url}/api/newsletter`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ email, consentText: "Yes" }) });

    const answers = [
      await signUp(url, "here@example.com"),
      await signUp(`http://localhost:${port}`, "named@example.com"),
      await signUp(`http://127.0.0.1:${port + 1}`, "other-port@example.com"),
      await signUp("http://evil.example", "evil@example.com"),
    ];

    expect(answers.map((a) => a.status)).toEqual([200, 200, 403, 403]);
  });
});
