/**
 * The database going away while the server runs, as an operator sees it: the reachability gauge drops to 0, a lead
 * post is held in the instance's spool and answered as received, the health check answers 200 "degraded" with the
 * store away and the spool's size (every instance shares the store: a balancer must not take them all out), and all
 * of it comes back by itself with the database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELD_LEAD_MESSAGE } from "../../engine/core/messages";
import { freePort } from "../../scripts/support/metricsScraper";
import { processMetrics } from "../../server/metrics/registry";
import { openDatabase } from "../../server/storage/database";
import { isStoreError } from "../../server/storage/storeErrors";
import { openTestPostgres, testDatabaseUrl, type TestDatabase } from "./support/databases";
import { eventually } from "./support/eventually";
import { valueOf } from "./support/exposition";
import { fixtureLead } from "./support/pipelineFixtures";
import { startPipelineServer, type PipelineServer } from "./support/pipelineServer";
import { tcpRelay, type TcpRelay } from "../../scripts/support/tcpRelay";

describe("a database that stops answering", () => {
  it("reads as unreachable on the metrics, and its failures as the store's", async () => {
    const metrics = processMetrics({ buyers: { buyers: [], byKey: () => undefined } as never, now: () => new Date(), log: { warn: () => undefined } as never });
    const db = await openDatabase({ file: ":memory:" });
    metrics.watch(db);
    expect(valueOf(await metrics.registry.metrics(), "switchplan_database_reachable")).toBe(1);

    await db.destroy();

    expect(valueOf(await metrics.registry.metrics(), "switchplan_database_reachable")).toBe(0);
    const failure = await db.selectFrom("leads").selectAll().execute().catch((error: unknown) => error);
    expect(isStoreError(failure)).toBe(true);
    expect(isStoreError(new TypeError("x is undefined"))).toBe(false);
  });

  describe.skipIf(!testDatabaseUrl)("PostgreSQL away from a running server", () => {
    let store: TestDatabase;
    let server: PipelineServer;
    let link: TcpRelay;
    let metricsPort: number;

    beforeAll(async () => {
      store = await openTestPostgres();
      const url = new URL(store.url!);
      const relayPort = await freePort();
      link = tcpRelay(new URL(testDatabaseUrl!), relayPort);
      await link.open();
      url.hostname = "127.0.0.1";
      url.port = String(relayPort);
      metricsPort = await freePort();
      server = await startPipelineServer({ env: { DATABASE_URL: url.toString(), METRICS_PORT: String(metricsPort) } });
    });
    afterAll(async () => {
      await server?.close();
      await store?.drop();
    });

    it("drops the gauge to 0, holds the lead, answers health degraded with the spool, and recovers with it", async () => {
      const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const post = () => server.app.inject({ method: "POST", url: "/api/leads", payload: fixtureLead("business-waste") });
      expect((await post()).statusCode).toBe(200);
      expect(valueOf(await scrape(), "switchplan_database_reachable")).toBe(1);

      await link.cut();

      const held = await post();
      expect(held.statusCode).toBe(200);
      expect(held.json()).toMatchObject({ code: "1", buyers: [], message: HELD_LEAD_MESSAGE });
      const health = await server.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: "degraded", store: "away", spool: { waiting: 1 } });
      const away = await scrape();
      expect(valueOf(away, "switchplan_database_reachable")).toBe(0);
      expect(valueOf(away, "switchplan_lead_spool_size")).toBe(1);
      expect(valueOf(away, "switchplan_leads_spooled_total")).toBe(1);

      await link.open();

      await eventually(scrape, (text) => valueOf(text, "switchplan_database_reachable") === 1 && valueOf(text, "switchplan_lead_spool_size") === 0, 20_000);
      expect((await server.app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ status: "ok" });
      expect(await store.db.selectFrom("leads").select("id").where("id", "=", held.json<{ leadId: string }>().leadId).executeTakeFirst()).toBeDefined();
      expect((await post()).statusCode).toBe(200);
    }, 60_000);
  });
});
