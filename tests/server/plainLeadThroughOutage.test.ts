/**
 * A quote filled in without scripts whose last step is posted while the store is away (PostgreSQL cut at a relay,
 * SQLite's file locked by another process): the visitor gets the success page with the held lead's words, and the
 * lead is stored once when the store returns; the form posted again meanwhile takes no second lead. The page is the
 * built site's (dist/, from `npm run build`), drawn through its own success step.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../engine/node/formsFolder";
import { HELD_LEAD_MESSAGE } from "../../engine/core/messages";
import { postgresOutage, sqliteOutage, type StoreOutage } from "../../scripts/support/storeOutage";
import { openDatabase } from "../../server/storage/database";
import type { Database } from "../../server/storage/schema";
import { openTestPostgres, type TestDatabase } from "./support/databases";
import { eventually } from "./support/eventually";
import { answerUpToContact, BUSINESS_ENERGY_V1, PLAIN_CONTACT, PlainBrowser } from "./support/plainBrowser";
import { serverDialects } from "./support/serverOnDialect";
import { startTestServer, type TestServer } from "./testServer";

const siteDir = path.join(repoRoot, "dist/client");

beforeAll(() => {
  if (!existsSync(path.join(repoRoot, "dist/server/entry-server.js"))) throw new Error("dist/ is missing: run `npm run build` first (npm test does).");
});

/** The words as the page draws them (its apostrophes escaped). */
const drawn = (text: string) => text.replaceAll("'", "&#x27;");

describe.each(serverDialects)("a plain quote's last step through a store outage on %s", (dialect, skipped) => {
  let server: TestServer | undefined;
  let outage: StoreOutage | undefined;
  let store: TestDatabase | undefined;
  let reader: Kysely<Database> | undefined;
  afterEach(async () => {
    await outage?.close();
    await server?.close();
    await store?.drop();
    await reader?.destroy();
  });

  it.skipIf(skipped)("answers the success page with the held lead's words and stores the lead once when the store returns", async () => {
    let env: Record<string, string> = {};
    if (dialect === "PostgreSQL") {
      store = await openTestPostgres();
      outage = await postgresOutage(store.url!);
      env = outage.env;
    }
    server = await startTestServer({ SITE_DIR: siteDir, ...env });
    if (dialect === "SQLite") {
      const file = path.join(server.dataDir, "leads.sqlite");
      outage = sqliteOutage(file);
      reader = await openDatabase({ file });
    }
    const db = store?.db ?? reader!;
    const browser = new PlainBrowser(server.app);
    const revision = await answerUpToContact(browser);

    await outage!.begin();
    const form = { _step: "contact", _rev: String(revision), ...PLAIN_CONTACT, company_website: "" };
    const sent = await browser.post(`${BUSINESS_ENERGY_V1}&step=contact`, form);
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(drawn(HELD_LEAD_MESSAGE));
    // Sent again (a reload of the answer, a double click): the same held lead, the same page.
    const again = await browser.post(`${BUSINESS_ENERGY_V1}&step=contact`, form);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(drawn(HELD_LEAD_MESSAGE));

    await outage!.end();
    const leads = await eventually(() => db.selectFrom("leads").select(["id", "submission_key"]).execute(), (rows) => rows.length > 0, 30_000, 100);
    expect(leads).toHaveLength(1);
    expect(leads[0]!.submission_key).toBeTruthy();
    expect((await db.selectFrom("deliveries").select("lead_id").execute()).every((d) => d.lead_id === leads[0]!.id)).toBe(true);

    // Once the store is back the quote goes on from where the store kept it: its submit step, sent again, shows the
    // lead now stored, and stores nothing more.
    const after = await browser.post(`${BUSINESS_ENERGY_V1}&step=contact`, form);
    expect([200, 303]).toContain(after.statusCode);
    expect(await db.selectFrom("leads").select("id").execute()).toHaveLength(1);
  }, 120_000);
});
