/**
 * Three buyers gone wrong, as an operator meets them: one rejecting every lead, one refusing connections, one with no
 * signing secret. The server and its delivery worker run on each store; /metrics shows each buyer's trouble, and
 * the alert rules, given those series as Prometheus would scrape them, fire for exactly those buyers.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "./support/eventually";
import { freePort } from "../../scripts/support/metricsScraper";
import { metricTypes, samples, valueOf } from "./support/exposition";
import { fixtureLead } from "./support/pipelineFixtures";
import { testClock, WEDNESDAY_MORNING } from "./support/pipelineServer";
import { alertRules, firing, needsPromtool, promtool, testRules, type AlertRule } from "./support/promtool";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";

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

/** The scrape as Prometheus would hold it ten minutes on: counters from 0 at the start, gauges steady. */
function scrapedSeries(text: string): Array<{ series: string; values: string }> {
  const types = metricTypes(text);
  return samples(text)
    .filter((s) => s.name.startsWith("switchplan_") && ["counter", "gauge"].includes(types.get(s.name) ?? ""))
    .map((s) => {
      const labels = Object.entries({ ...s.labels, job: "switchplan", instance: "10.0.1.11:9464" }).map(([k, v]) => `${k}="${v}"`);
      return { series: `${s.name}{${labels.join(",")}}`, values: types.get(s.name) === "counter" ? `0 ${s.value}x15` : `${s.value}x16` };
    });
}

describe.each(serverDialects)("metrics and alerts for buyers that fail (%s)", (dialect, skipped) => {
  let running: ServerOnDialect;
  let buyers: { url: string; server: Server };
  let text = "";
  let rules: AlertRule[];
  const clock = testClock(WEDNESDAY_MORNING);

  beforeAll(async () => {
    if (skipped) return;
    rules = await alertRules();
    buyers = await startBuyers();
    const port = await freePort();
    running = await startServerOn(dialect, {
      now: clock.now,
      receiverUrl: buyers.url,
      deliveryWorker: true,
      env: { OPENING_HOURS: "always", DELIVERY_POLL_MS: "20", DELIVERY_BACKOFF_MS: "1000", DELIVERY_BACKOFF_MAX_MS: "1000", DELIVERY_TIMEOUT_MS: "2000", METRICS_PORT: String(port) },
      buyers: (list) =>
        list.map((b) => {
          if (b.key === "broadband") return { ...b, delivery: { ...b.delivery, url: "http://127.0.0.1:9/leads/broadband" } };
          if (b.key === "payments") return { ...b, delivery: { ...b.delivery, secretEnv: "BUYER_SECRET_NEVER_SET" } };
          return b;
        }),
    });
    const scrape = async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const at = (t: string, buyer: string, outcome: string) => valueOf(t, "switchplan_delivery_attempts_total", { buyer, outcome }) ?? 0;

    const services = ["business-waste", "business-broadband", "take-card-payments", "business-solar"] as const;
    for (let n = 0; n < 3; n += 1) {
      for (const [i, service] of services.entries()) {
        const lead = fixtureLead(service, { phone: `020 7946 ${String(100 + n * 10 + i).padStart(4, "0")}`, email: `buyer-test-${n}-${i}@example.com` });
        expect((await running.server.app.inject({ method: "POST", url: "/api/leads", payload: lead })).statusCode).toBe(200);
      }
    }
    // Every send made once: three rejected, three refused (each now in back-off), three delivered; payments put aside.
    await eventually(scrape, (t) => at(t, "waste", "rejected") === 3 && at(t, "broadband", "retry") >= 3 && at(t, "business-solar", "delivered") === 3, 30_000);
    // Ten minutes on: the refused ones are tried again and fail again; nothing of broadband or payments has moved.
    clock.advance(10 * 60_000);
    text = await eventually(scrape, (t) => at(t, "broadband", "retry") >= 6 && (valueOf(t, "switchplan_delivery_held", { buyer: "payments" }) ?? 0) === 3, 30_000);
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    await new Promise((resolve) => buyers?.server.close(resolve));
  });

  it.skipIf(skipped)("shows the buyer that rejects every lead, the one that cannot be reached and the one held for its secret", () => {
    const value = (name: string, labels: Record<string, string>) => valueOf(text, name, labels);
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
    // Created at 0 at the start, so the first dead delivery or 500 after a start shows in increase().
    expect(value("switchplan_delivery_dead_total", { buyer: "broadband" })).toBe(0);
    expect(value("switchplan_http_requests_total", { route: "/api/leads", method: "POST", status: "500" })).toBe(0);
    expect(value("switchplan_leads_stored_total", { flow: "fixture-home-water", code: "1" })).toBe(0);
    expect(value("switchplan_database_reachable", {})).toBe(1);
    expect(value("switchplan_store_errors_total", { part: "request" })).toBe(0);
    expect(samples(text).find((s) => s.name === "switchplan_build_info")?.labels).toMatchObject({ version: "0.1.0", commit: expect.stringMatching(/^([0-9a-f]{12}|unknown)$/) });
    expect(samples(text).flatMap((s) => Object.values(s.labels)).filter((v) => /@|example|7946/.test(v))).toEqual([]);
  });

  it.skipIf(skipped || !promtool)(`raises each buyer's alert from those series, and none for the buyer that is fine${needsPromtool}`, async () => {
    const rule = (name: string) => rules.find((r) => r.alert === name)!;
    const alert = (name: string, ...buyerKeys: string[]) => ({ alertname: name, exp_alerts: buyerKeys.map((buyer) => firing(rule(name), { buyer })) });

    const { ok, output } = await testRules(scrapedSeries(text), "10m", [
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
