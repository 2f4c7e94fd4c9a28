/**
 * Two instances behind one balancer, on one PostgreSQL, each with its own spool (its own DATA_DIR): a visitor's
 * submission sent to both while the store is away (a retry landing on the other instance) is held by both, and once
 * the store returns and both drain, the store has one lead for its key with one set of deliveries, and each buyer's
 * cap counted it once.
 *
 * SQLite has no such case: its file lives in the instance's DATA_DIR beside the spool, so two instances with their own
 * spools never share a SQLite store (docs/design-notes.md, "Leads through a store outage").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELD_LEAD_MESSAGE } from "../../engine/core/messages";
import { postgresOutage, type StoreOutage } from "../../scripts/support/storeOutage";
import { openTestPostgres, testDatabaseUrl, type TestDatabase } from "./support/databases";
import { eventually } from "./support/eventually";
import { fixtureLead } from "./support/pipelineFixtures";
import { startPipelineServer, type PipelineServer } from "./support/pipelineServer";

const KEYS = 30;
const keyOf = (n: number) => `two-spools-key-${String(n).padStart(4, "0")}`;
const lead = (n: number) => fixtureLead("business-waste", { phone: `020 7946 ${String(2000 + n)}`, email: `twospools${n}@example.com` }, { submissionKey: keyOf(n) });

describe.skipIf(!testDatabaseUrl)("two instances, each with its own spool, holding one submission key", () => {
  let store: TestDatabase;
  let outage: StoreOutage;
  let a: PipelineServer;
  let b: PipelineServer;

  beforeAll(async () => {
    store = await openTestPostgres();
    outage = await postgresOutage(store.url!);
    const env = { ...outage.env, OPENING_HOURS: "always" };
    [a, b] = await Promise.all([startPipelineServer({ env }), startPipelineServer({ env })]);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await outage?.close();
    await store?.drop();
  });

  const waiting = async (server: PipelineServer) => (await server.app.inject({ method: "GET", url: "/api/health" })).json<{ spool?: { waiting: number } }>().spool?.waiting ?? 0;

  it("stores one lead per key, with one set of deliveries, once both spools drain", async () => {
    expect(a.dataDir).not.toBe(b.dataDir);
    await outage.begin();
    const post = (server: PipelineServer, n: number) => server.app.inject({ method: "POST", url: "/api/leads", payload: lead(n) });
    // Each key reaches both instances, at once, in turns of which is first.
    const answers = await Promise.all(Array.from({ length: KEYS }, (_, n) => (n % 2 === 0 ? [post(a, n), post(b, n)] : [post(b, n), post(a, n)])).flat());
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ code: "1", message: HELD_LEAD_MESSAGE, buyers: [] });
    }
    expect(await waiting(a)).toBe(KEYS);
    expect(await waiting(b)).toBe(KEYS);
    const heldIds = answers.map((answer) => answer.json<{ leadId: string }>().leadId);
    expect(new Set(heldIds).size).toBe(2 * KEYS);

    await outage.end();
    await eventually(async () => [await waiting(a), await waiting(b)], (left) => left[0] === 0 && left[1] === 0, 60_000, 100);

    const keys = Array.from({ length: KEYS }, (_, n) => keyOf(n));
    const leads = await store.db.selectFrom("leads").select(["id", "submission_key", "response_code"]).where("submission_key", "in", keys).execute();
    expect(leads.map((l) => l.submission_key).sort()).toEqual(keys);
    // Each stored lead is one of the two held copies of its key, kept under the id its visitor was given.
    for (const stored of leads) expect(heldIds).toContain(stored.id);
    expect(await store.db.selectFrom("leads").select("id").where("id", "in", heldIds).execute()).toHaveLength(KEYS);

    const deliveries = await store.db.selectFrom("deliveries").select(["lead_id", "buyer_key"]).where("lead_id", "in", heldIds).execute();
    const storedIds = new Set(leads.map((l) => l.id));
    expect(deliveries.every((d) => storedIds.has(d.lead_id))).toBe(true);
    expect(new Set(deliveries.map((d) => `${d.lead_id} ${d.buyer_key}`)).size).toBe(deliveries.length);
    for (const stored of leads) expect(deliveries.some((d) => d.lead_id === stored.id)).toBe(true);
    // Each buyer's cap counted each lead it was given once.
    const perBuyer = new Map<string, number>();
    for (const d of deliveries) perBuyer.set(d.buyer_key, (perBuyer.get(d.buyer_key) ?? 0) + 1);
    const counts = await store.db.selectFrom("buyer_daily_counts").select(["buyer_key", "count"]).execute();
    expect(Object.fromEntries(counts.map((c) => [c.buyer_key, Number(c.count)]))).toEqual(Object.fromEntries(perBuyer));
  }, 180_000);
});
