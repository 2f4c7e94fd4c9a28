import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { runLeadsCli } from "../../server/cli/leadsCli";
import { eventually } from "./support/eventually";
import { freePort } from "../../scripts/support/metricsScraper";
import { samples, valueOf } from "./support/exposition";
import { fixtureLead } from "./support/pipelineFixtures";
import { startReceiver, type Receiver } from "./support/receiver";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";

let running: ServerOnDialect | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await running?.close();
  await receiver?.close();
  running = undefined;
});

describe.each(serverDialects)("the operators' metrics (%s)", (dialect, skipped) => {
  it.skipIf(skipped)("are served on their own port with what the site did, and no visitor's data in a label", async () => {
    const port = await freePort();
    receiver = await startReceiver();
    running = await startServerOn(dialect, {
      receiverUrl: receiver.url,
      deliveryWorker: true,
      env: { OPENING_HOURS: "always", DELIVERY_POLL_MS: "20", METRICS_PORT: String(port) },
    });
    const { app } = running.server;
    const scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      return response.text();
    };

    const lead = await app.inject({ method: "POST", url: "/api/leads", payload: fixtureLead("business-energy", { email: "sam.visitor@example.com", postcode: "M1 1AE" }) });
    expect(lead.json<{ code: string }>().code).toBe("5");
    // A visitor's own values where a route, a flow and a step would be.
    await app.inject({ method: "GET", url: "/api/addresses?postcode=LS1%204DY" });
    await app.inject({ method: "GET", url: "/quote/sam.visitor@example.com/?postcode=LS1+4DY" });
    await app.inject({ method: "POST", url: "/api/leads", payload: { ...fixtureLead("business-energy"), flowId: "sam-visitor-m1-1ae" } });
    await app.inject({
      method: "POST",
      url: "/quote/fixture-business-energy/?postcode=LS1+4DY",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      payload: new URLSearchParams({ _step: "sam.visitor@example.com", _rev: "0" }).toString(),
    });
    await receiver.waitFor(2);

    // Both buyers' attempts are counted once recorded, a moment after the receiver has them.
    const delivered = (t: string, buyer: string) => (valueOf(t, "switchplan_delivery_attempts_total", { buyer, outcome: "delivered" }) ?? 0) >= 1;
    const text = await eventually(scrape, (t) => delivered(t, "day-energy") && delivered(t, "second-energy"));

    expect(valueOf(text, "switchplan_http_requests_total", { route: "/api/leads", method: "POST", status: "200" })).toBe(1);
    expect(valueOf(text, "switchplan_http_requests_total", { route: "/api/addresses", method: "GET", status: "200" })).toBe(1);
    expect(valueOf(text, "switchplan_http_request_duration_seconds_count", { route: "/api/leads", method: "POST", status: "200" })).toBe(1);
    expect(valueOf(text, "switchplan_leads_stored_total", { flow: "fixture-business-energy", code: "5" })).toBe(1);
    expect(valueOf(text, "switchplan_leads_received_total", { flow: "other" })).toBe(1);
    expect(valueOf(text, "switchplan_leads_refused_total", { code: "3" })).toBe(1);
    expect(valueOf(text, "switchplan_lead_commit_seconds_count")).toBe(1);
    expect(valueOf(text, "switchplan_plain_steps_total", { flow: "fixture-business-energy", step: "other", outcome: "not_taken" })).toBe(1);
    expect(valueOf(text, "switchplan_delivery_attempts_total", { buyer: "second-energy", outcome: "delivered" })).toBe(1);
    expect(valueOf(text, "switchplan_delivery_queue_depth", { buyer: "day-energy" })).toBe(0);
    expect(valueOf(text, "switchplan_delivery_oldest_waiting_seconds", { buyer: "day-energy" })).toBe(0);
    expect(valueOf(text, "switchplan_flow_unavailable", { flow: "fixture-business-energy" })).toBe(0);
    expect(valueOf(text, "switchplan_flow_page_unserved", { flow: "fixture-business-energy" })).toBe(0);
    expect(valueOf(text, "switchplan_flow_versions_served", { flow: "fixture-business-energy" })).toBe(1);
    expect(valueOf(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    if (dialect === "SQLite") expect(valueOf(text, "switchplan_sqlite_commit_seconds_count")).toBeGreaterThan(0);
    else expect(valueOf(text, "switchplan_postgres_pool_waiting")).toBe(0);

    const values = samples(text).flatMap((s) => Object.values(s.labels));
    expect(values.filter((v) => /@|\?|LS1|4DY|M1 1AE|sam/i.test(v))).toEqual([]);
    expect(values).toContain("unmatched");

    // Never through the visitors' port.
    expect((await app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
  });

  it.skipIf(skipped)("show a buyer's deliveries given up on in the last hour until they are put back", async () => {
    const port = await freePort();
    running = await startServerOn(dialect, { env: { OPENING_HOURS: "always", METRICS_PORT: String(port) } });
    const { db } = running;
    const scrape = async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const dead = (text: string, buyer: string) => valueOf(text, "switchplan_delivery_dead_recent", { buyer });
    expect((await running.server.app.inject({ method: "POST", url: "/api/leads", payload: fixtureLead("business-energy") })).json<{ code: string }>().code).toBe("5");
    expect(dead(await scrape(), "day-energy")).toBe(0);

    // Given up on as the worker records it (its last attempt now), and another buyer's two hours ago, never put back.
    const now = new Date();
    await db.updateTable("deliveries").set({ status: "dead", next_attempt_at: now.toISOString(), finished_at: now.toISOString() }).where("buyer_key", "=", "day-energy").execute();
    const longAgo = new Date(now.getTime() - 2 * 60 * 60_000).toISOString();
    await db.updateTable("deliveries").set({ status: "dead", next_attempt_at: longAgo, finished_at: longAgo }).where("buyer_key", "=", "second-energy").execute();
    const before = await scrape();
    expect(dead(before, "day-energy")).toBe(1);
    expect(dead(before, "second-energy")).toBe(0);

    const code = await runLeadsCli(["requeue", "--buyer", "day-energy", "--yes"], { db, out: () => undefined, now: () => new Date() });
    expect(code).toBe(0);
    expect(dead(await scrape(), "day-energy")).toBe(0);
  });

  it.skipIf(skipped)("refuse to start on a port that is taken, with a message naming METRICS_PORT", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as { port: number };
    try {
      await expect(startServerOn(dialect, { env: { METRICS_PORT: String(port) } })).rejects.toThrow(`The metrics could not be served on 127.0.0.1:${port} (METRICS_PORT): it is taken by another program.`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
