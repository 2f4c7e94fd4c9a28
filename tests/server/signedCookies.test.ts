/**
 * The visit cookie and the quote session cookie are signed each with its own key: a value the server signed for one
 * is refused as the other, on either store, so one cookie's id never stands in for the other's.
 */
import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../server/storage/schema";
import { PLAIN_NOTICES } from "../../server/plainQuote/plainQuote";
import { openTestPostgres, type TestDatabase } from "./support/databases";
import { serverDialects } from "./support/serverOnDialect";
import { BROWSER_AGENT, getQuotePage } from "./support/quoteVisits";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer | undefined;
let store: TestDatabase | undefined;
afterEach(async () => {
  await server?.close();
  await store?.drop();
  server = store = undefined;
});

/** A server with quote pages on SQLite or on a fresh PostgreSQL schema, and the rows of a table as it stored them. */
async function start(dialect: "SQLite" | "PostgreSQL") {
  store = dialect === "PostgreSQL" ? await openTestPostgres() : undefined;
  server = await startTestServer(store?.url ? { DATABASE_URL: store.url } : {}, false, { quotePages: true, now: () => new Date("2026-03-04T11:00:00Z") });
  const { app, withDb } = server;
  const kept = store?.db;
  const db = <T>(read: (d: Kysely<Database>) => Promise<T>): Promise<T> => (kept ? read(kept) : withDb(read));
  return { app, db };
}

/** The value part of `name=value` as Set-Cookie gave it. */
const cookieValue = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []].flat().find((line) => line.startsWith(`${name}=`))?.split(";")[0]!.slice(name.length + 1);

describe.each(serverDialects)("cookies bound to their names, on %s", (dialect, skipped) => {
  it.skipIf(skipped)("refuses a visit cookie sent as the quote session cookie: nothing is kept under the visit's id", async () => {
    const { app, db } = await start(dialect);
    const visit = (await getQuotePage(app, "business-energy")).cookie!.slice("_sp_visit=".length);
    const visitId = visit.split(".")[0]!;

    const posted = await app.inject({
      method: "POST",
      url: "/quote/business-energy/?v=1",
      headers: { "user-agent": BROWSER_AGENT, "content-type": "application/x-www-form-urlencoded", cookie: `_sp_quote=${visit}` },
      payload: new URLSearchParams({ _step: "utility", _rev: "0", utility: "gas" }).toString(),
    });

    expect(posted.statusCode).toBe(400);
    expect(posted.body).toContain(PLAIN_NOTICES.changed);
    const sessions = await db((d) => d.selectFrom("quote_sessions").select("session_id").execute());
    expect(sessions.map((row) => row.session_id)).not.toContain(visitId);
    expect(sessions).toEqual([]);
  });

  it.skipIf(skipped)("counts no step for a quote session cookie sent as the visit cookie", async () => {
    const { app, db } = await start(dialect);
    const started = await app.inject({
      method: "POST",
      url: "/quote/business-energy/?v=1",
      headers: { "user-agent": BROWSER_AGENT, "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ _step: "utility", _rev: "0", utility: "gas" }).toString(),
    });
    const quote = cookieValue(started.headers["set-cookie"], "_sp_quote")!;
    expect(started.statusCode).toBe(303);

    // Whichever version the session's id would be assigned as a visit, its beacon is refused.
    const beacons = await Promise.all(
      [1, 2, 3].map((version) =>
        app.inject({ method: "POST", url: "/api/events", headers: { "content-type": "application/json", cookie: `_sp_visit=${quote}` }, payload: { flowId: "business-energy", version, stepId: "utility" } }),
      ),
    );

    expect(beacons.map((r) => r.statusCode)).not.toContain(204);
    expect(await db((d) => d.selectFrom("experiment_step_reach").selectAll().execute())).toEqual([]);
  });

  it.skipIf(skipped)("still takes a visit cookie as itself: its beacon counts", async () => {
    const { app, db } = await start(dialect);
    const page = await getQuotePage(app, "business-water");

    const counted = await app.inject({ method: "POST", url: "/api/events", headers: { "content-type": "application/json", cookie: page.cookie! }, payload: { flowId: "business-water", version: 1, stepId: "sites" } });

    expect(counted.statusCode).toBe(204);
    expect(await db((d) => d.selectFrom("experiment_step_reach").selectAll().execute())).toHaveLength(1);
  });
});
