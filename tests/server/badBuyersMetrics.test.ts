/**
 * Three buyers gone wrong, as an operator meets them: one rejecting every lead, one refusing connections, one with no
 * signing secret. A server (DELIVERY_WORKER=off) and a worker process (`npm run worker`) run on each store; their
 * /metrics show each buyer's trouble, and the alert rules, given those series as Prometheus would scrape them, fire
 * for exactly those buyers.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "./support/eventually";
import { freePort } from "../../scripts/support/metricsScraper";
import { metricTypes, samples, valueOf } from "./support/exposition";
import { TEST_SECRETS, fixtureLead } from "./support/pipelineFixtures";
import { alertRules, firing, needsPromtool, promtool, testRules, type AlertRule } from "./support/promtool";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";
import { startWorkerProcess, type ServerProcess } from "./support/serverProcess";

/** A buyers' endpoint that answers Error to the waste buyer and Success to everyone else. */
async function startBuyers(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const answer = request.url?.endsWith("/waste") ? "Error" : "Success";
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ result: answer }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A scrape as Prometheus would hold it ten minutes on: counters at 0 until the sends two minutes before, gauges steady. */
function scrapedSeries(text: string, job: string, instance: string): Array<{ series: string; values: string }> {
  const types = metricTypes(text);
  return samples(text)
    .filter((s) => s.name.startsWith("switchplan_") && ["counter", "gauge"].includes(types.get(s.name) ?? ""))
    .map((s) => {
      const labels = Object.entries({ ...s.labels, job, instance }).map(([k, v]) => `${k}="${v}"`);
      return { series: `${s.name}{${labels.join(",")}}`, values: types.get(s.name) === "counter" ? `0x7 ${s.value}x8` : `${s.value}x16` };
    });
}

describe.each(serverDialects)("metrics and alerts for buyers that fail (%s)", (dialect, skipped) => {
  let running: ServerOnDialect;
  let worker: Omit<ServerProcess, "url"> | undefined;
  let buyers: { url: string; server: Server };
  let text = "";
  let workerText = "";
  let rules: AlertRule[];

  beforeAll(async () => {
    if (skipped) return;
    rules = await alertRules();
    buyers = await startBuyers();
    const [serverPort, workerPort] = [await freePort(), await freePort()];
    const delivery = { OPENING_HOURS: "always", DELIVERY_POLL_MS: "20", DELIVERY_BACKOFF_MS: "1000", DELIVERY_BACKOFF_MAX_MS: "1000", DELIVERY_TIMEOUT_MS: "2000", DELIVERY_MAX_ATTEMPTS: "100" };
    running = await startServerOn(dialect, {
      receiverUrl: buyers.url,
      env: { ...delivery, METRICS_PORT: String(serverPort) },
      buyers: (list) =>
        list.map((b) => {
          if (b.key === "broadband") return { ...b, delivery: { ...b.delivery, url: "http://127.0.0.1:9/leads/broadband" } };
          if (b.key === "payments") return { ...b, delivery: { ...b.delivery, secretEnv: "BUYER_SECRET_NEVER_SET" } };
          return b;
        }),
    });
    // The server takes leads and sends none (DELIVERY_WORKER=off); the worker is `npm run worker` on the same store.
    worker = await startWorkerProcess({ ...running.storeEnv, ...delivery, ...TEST_SECRETS, BUYERS_FILE: path.join(running.server.fixtureDir, "buyers.json"), WORKER_METRICS_PORT: String(workerPort) });
    const scrape = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const at = (t: string, buyer: string, outcome: string) => valueOf(t, "switchplan_delivery_attempts_total", { buyer, outcome }) ?? 0;

    const services = ["business-waste", "business-broadband", "take-card-payments", "business-solar"] as const;
    for (let n = 0; n < 3; n += 1) {
      for (const [i, service] of services.entries()) {
        const lead = fixtureLead(service, { phone: `020 7946 ${String(100 + n * 10 + i).padStart(4, "0")}`, email: `buyer-test-${n}-${i}@example.com` });
        expect((await running.server.app.inject({ method: "POST", url: "/api/leads", payload: lead })).statusCode).toBe(200);
      }
    }
    // Each send made: three rejected, the refused ones tried twice each, three delivered; payments put aside.
    workerText = await eventually(
      scrape(workerPort),
      (t) => at(t, "waste", "rejected") === 3 && at(t, "broadband", "retry") >= 6 && at(t, "business-solar", "delivered") === 3 && valueOf(t, "switchplan_delivery_held", { buyer: "payments" }) === 3,
      30_000,
    );
    // As if ten minutes had passed since the leads were stored, with nothing of broadband's or payments' delivered.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await running.db.updateTable("deliveries").set({ created_at: tenMinutesAgo }).execute();
    workerText = await scrape(workerPort)();
    text = await scrape(serverPort)();
  }, 120_000);
  afterAll(async () => {
    await worker?.stop("SIGTERM");
    await running?.close();
    await new Promise((resolve) => buyers?.server.close(resolve));
  });

  it.skipIf(skipped)("shows the buyer that rejects every lead, the one that cannot be reached and the one held for its secret", () => {
    // Sends are the worker's; the queue is read by both from the one store, and reads the same.
    const value = (name: string, labels: Record<string, string>) => valueOf(workerText, name, labels);
    expect(value("switchplan_delivery_attempts_total", { buyer: "waste", outcome: "rejected" })).toBe(3);
    expect(value("switchplan_delivery_attempts_total", { buyer: "waste", outcome: "delivered" })).toBe(0);
    expect(value("switchplan_delivery_attempts_total", { buyer: "broadband", outcome: "retry" })).toBeGreaterThanOrEqual(6);
    expect(value("switchplan_delivery_attempts_total", { buyer: "broadband", outcome: "delivered" })).toBe(0);
    expect(value("switchplan_delivery_attempts_total", { buyer: "payments", outcome: "retry" })).toBe(0);
    expect(value("switchplan_delivery_held", { buyer: "payments" })).toBe(3);
    expect(value("switchplan_delivery_held", { buyer: "broadband" })).toBe(0);
    // Waiting since their leads were stored, ten minutes ago, due or not.
    expect(value("switchplan_delivery_oldest_pending_seconds", { buyer: "broadband" })).toBeGreaterThanOrEqual(600);
    expect(value("switchplan_delivery_oldest_pending_seconds", { buyer: "payments" })).toBeGreaterThanOrEqual(600);
    expect(value("switchplan_delivery_oldest_pending_seconds", { buyer: "waste" })).toBe(0);
    expect(value("switchplan_delivery_queue_depth", { buyer: "broadband" })).toBe(3);
    expect(value("switchplan_delivery_send_seconds_count", { buyer: "waste" })).toBe(3);
    expect(value("switchplan_delivery_buyer_open", { buyer: "broadband" })).toBe(1);
    expect(value("switchplan_delivery_worker", {})).toBe(1);
    expect(valueOf(text, "switchplan_delivery_worker")).toBeUndefined();
    expect(valueOf(text, "switchplan_delivery_oldest_pending_seconds", { buyer: "payments" })).toBeGreaterThanOrEqual(600);
    // The server sends nothing (the worker does): it exports no send series, not even at 0.
    expect(valueOf(text, "switchplan_delivery_attempts_total", { buyer: "waste", outcome: "rejected" })).toBeUndefined();
    expect(valueOf(text, "switchplan_delivery_send_seconds_count", { buyer: "waste" })).toBeUndefined();
    // Created at 0 at the start, so the first dead delivery or 500 after a start shows in increase().
    expect(value("switchplan_delivery_dead_total", { buyer: "broadband" })).toBe(0);
    expect(valueOf(text, "switchplan_http_requests_total", { route: "/api/leads", method: "POST", status: "500" })).toBe(0);
    expect(valueOf(text, "switchplan_leads_stored_total", { flow: "fixture-home-water", code: "1" })).toBe(0);
    expect(value("switchplan_database_reachable", {})).toBe(1);
    expect(value("switchplan_store_errors_total", { part: "request" })).toBe(0);
    expect(samples(text).find((s) => s.name === "switchplan_build_info")?.labels).toMatchObject({ version: "0.1.0", commit: expect.stringMatching(/^([0-9a-f]{12}|unknown)$/) });
    expect([...samples(text), ...samples(workerText)].flatMap((s) => Object.values(s.labels)).filter((v) => /@|example|7946/.test(v))).toEqual([]);
  });

  it.skipIf(skipped || !promtool)(`raises each buyer's alert from those series, and none for the buyer that is fine${needsPromtool}`, async () => {
    const rule = (name: string) => rules.find((r) => r.alert === name)!;
    const alert = (name: string, ...buyerKeys: string[]) => ({ alertname: name, exp_alerts: buyerKeys.map((buyer) => firing(rule(name), { buyer }, 600)) });

    const { ok, output } = await testRules([...scrapedSeries(text, "switchplan", "10.0.1.11:9464"), ...scrapedSeries(workerText, "switchplan-worker", "10.0.1.21:9465")], "10m", [
      alert("SwitchPlanBuyerRejecting", "waste"),
      alert("SwitchPlanBuyerUnreachable", "broadband"),
      alert("SwitchPlanDeliveriesHeld", "payments"),
      alert("SwitchPlanDeliveryNotMoving", "broadband", "payments"),
      alert("SwitchPlanDeadDeliveries"),
      { alertname: "SwitchPlanDatabaseUnreachable", exp_alerts: [] },
      { alertname: "SwitchPlanNoDeliveryWorker", exp_alerts: [] },
    ]);

    expect(output).toContain("SUCCESS");
    expect(ok).toBe(true);
  });
});
