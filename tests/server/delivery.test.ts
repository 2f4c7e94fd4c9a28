import { createHmac } from "node:crypto";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { requeueDeliveries } from "../../server/storage/deliveriesStore";
import { eventually } from "./support/eventually";
import { fixtureLead, FIXTURE_CONSENT, TEST_SECRETS } from "./support/pipelineFixtures";
import { startPipelineServer, testClock, WEDNESDAY_NIGHT, type PipelineServer, type PipelineServerOptions } from "./support/pipelineServer";
import { startReceiver, type Receiver } from "./support/receiver";

let server: PipelineServer | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await server?.close();
  await receiver?.close();
  server = undefined;
});

/** Quick settings, so retries and time-outs take milliseconds. */
const QUICK = { OPENING_HOURS: "always", DELIVERY_TIMEOUT_MS: "300", DELIVERY_BACKOFF_MS: "50", DELIVERY_BACKOFF_MAX_MS: "200", DELIVERY_POLL_MS: "20" };

async function start(options: PipelineServerOptions = {}): Promise<PipelineServer> {
  receiver = await startReceiver();
  server = await startPipelineServer({ receiverUrl: receiver.url, deliveryWorker: true, ...options, env: { ...QUICK, ...options.env } });
  return server;
}

async function post(payload: object): Promise<string> {
  const response = await server!.app.inject({ method: "POST", url: "/api/leads", payload });
  return response.json<{ leadId: string }>().leadId;
}

const deliveries = () => server!.withDb((db) => db.selectFrom("deliveries").selectAll().orderBy("buyer_key").execute());
const attempts = () => server!.withDb((db) => db.selectFrom("delivery_attempts").selectAll().orderBy("started_at").execute());
const settled = (rows: Array<{ status: string }>) => rows.length > 0 && rows.every((r) => !["pending", "sending"].includes(r.status));

describe("delivering leads to buyers", () => {
  it("posts each lead to each of its buyers as JSON signed with the buyer's secret, with an idempotency key", async () => {
    await start();
    const leadId = await post(fixtureLead("business-energy"));

    const received = await receiver!.waitFor(2);
    expect(received.map((r) => r.path).sort()).toEqual(["/leads/day-energy", "/leads/second-energy"]);
    for (const request of received) {
      const [t, v1] = String(request.headers["x-switchplan-signature"]).split(",").map((part) => part.split("=")[1]);
      expect(v1).toBe(createHmac("sha256", TEST_SECRETS.TEST_BUYER_SECRET).update(`${t}.${request.rawBody}`).digest("hex"));
      expect(request.idempotencyKey).toBe(request.body.idempotencyKey);
      expect(request.body).toMatchObject({
        leadId,
        serviceType: "business-energy",
        form_is_time_ooh: false,
        lead: { firstName: "Sam", lastName: "Okafor", phone: "020 7946 0000", email: "sam@example.com", postcode: "M1 1AE" },
        consent: { wording: FIXTURE_CONSENT, privacyNoticeVersion: "2026-01", agreedAt: expect.any(String), certificate: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) },
      });
    }
    const rows = await eventually(deliveries, settled);
    expect(rows.map((r) => [r.buyer_key, r.status, r.result_code, r.attempts])).toEqual([
      ["day-energy", "delivered", 1, 1],
      ["second-energy", "delivered", 1, 1],
    ]);
  });

  it("records a buyer's Duplicate answer as 2 and its Error answer as -1, and retries neither", async () => {
    await start();
    receiver!.script({ status: 200, body: '{"result":"Duplicate"}' }, { status: 200, body: '{"result":"Error"}' });

    await post(fixtureLead("business-broadband"));
    await eventually(deliveries, settled);
    await post(fixtureLead("business-broadband", { phone: "020 7946 0001", email: "other@example.com" }));
    const rows = await eventually(deliveries, (r) => r.length === 2 && settled(r));

    expect(rows.map((r) => [r.status, r.result_code]).sort()).toEqual([
      ["duplicate", 2],
      ["rejected", -1],
    ]);
    expect(receiver!.received).toHaveLength(2);
  });

  it("keeps a rejecting buyer's own words for the operator, with anything it echoed of the visitor masked", async () => {
    await start();
    receiver!.script(
      { status: 400, body: '{"error":{"message":"Phone 020 7946 0000 is on our do-not-call list (jo@example.com, SW1A 1AA)"}}' },
      { status: 200, body: '{"result":"Error","reason":"Postcode outside our area"}' },
    );

    await post(fixtureLead("business-broadband"));
    await eventually(deliveries, settled);
    await post(fixtureLead("business-broadband", { phone: "020 7946 0001", email: "other@example.com" }));
    const rows = await eventually(deliveries, (r) => r.length === 2 && settled(r));

    expect(rows.map((r) => r.last_error).sort()).toEqual([
      "HTTP 400: Phone [number] is on our do-not-call list ([e-mail], [postcode])",
      "the buyer answered Error: Postcode outside our area",
    ]);
  });

  it("retries a buyer that answers 500, then 429 with Retry-After, then times out, then succeeds", async () => {
    await start();
    receiver!.script({ status: 500 }, { status: 429, headers: { "retry-after": "1" } }, "hang");

    await post(fixtureLead("business-broadband"));
    const received = await receiver!.waitFor(4, 15_000);
    const [row] = await eventually(deliveries, settled);

    expect(new Set(received.map((r) => r.idempotencyKey)).size).toBe(1);
    // The buyer asked for a second's pause after its 429, and got it.
    expect(received[2]!.at - received[1]!.at).toBeGreaterThanOrEqual(950);
    expect(row).toMatchObject({ status: "delivered", result_code: 1, attempts: 4 });
    expect((await attempts()).map((a) => [a.attempt, a.outcome, a.http_status, a.error])).toEqual([
      [1, "retry", 500, "HTTP 500"],
      [2, "retry", 429, "HTTP 429"],
      [3, "retry", null, "no answer within 300 ms"],
      [4, "delivered", 200, null],
    ]);
  });

  it("gives up into the dead-letter state after the configured attempts, and an operator's retry sends it again", async () => {
    await start({ env: { DELIVERY_MAX_ATTEMPTS: "3" } });
    receiver!.script({ status: 503 }, { status: 503 }, { status: 503 });

    const leadId = await post(fixtureLead("business-broadband"));
    const [dead] = await eventually(deliveries, settled);
    expect(dead).toMatchObject({ status: "dead", attempts: 3, last_error: "gave up after 3 attempts: HTTP 503" });

    expect(await server!.withDb((db) => requeueDeliveries(db, leadId, new Date()))).toBe(1);
    const [again] = await eventually(deliveries, (rows) => rows[0]?.status === "delivered");
    expect(again).toMatchObject({ status: "delivered", result_code: 1 });
    expect(receiver!.received).toHaveLength(4);
  });

  it("never sends a lead to a buyer the visitor did not name", async () => {
    await start();
    const consent = { contactConsent: { wording: FIXTURE_CONSENT, buyers: ["Daylight Energy"] } };

    await post(fixtureLead("business-energy", {}, consent));
    const rows = await eventually(deliveries, settled);

    expect(rows.map((r) => r.buyer_name)).toEqual(["Daylight Energy"]);
    expect(receiver!.received.map((r) => r.path)).toEqual(["/leads/day-energy"]);
  });

  it("holds a delivery until the buyer's delivery hours, without using up an attempt", async () => {
    const clock = testClock(WEDNESDAY_NIGHT);
    await start({
      now: clock.now,
      env: { OPENING_HOURS: "mon-fri 09:00-17:30" },
      buyers: (all) => all.map((b) => (b.key === "broadband" ? { ...b, delivery: { ...b.delivery, hours: "mon-fri 09:00-17:30" } } : b)),
    });

    await post(fixtureLead("business-broadband"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await deliveries()).toMatchObject([{ status: "pending", attempts: 0, next_attempt_at: "2026-03-05T09:00:00.000Z" }]);
    expect(receiver!.received).toHaveLength(0);

    clock.set("2026-03-05T09:00:00Z");
    await receiver!.waitFor(1);
    expect(await eventually(deliveries, settled)).toMatchObject([{ status: "delivered", attempts: 1 }]);
  });

  it("keeps a buyer's deliveries waiting, unsent, while its signing secret is not set", async () => {
    await start({ secrets: {} });

    await post(fixtureLead("business-broadband"));
    const [row] = await eventually(deliveries, (rows) => rows[0]?.last_error != null);

    expect(row).toMatchObject({ status: "pending", attempts: 0, last_error: "waiting for TEST_BUYER_SECRET to be set" });
    expect(receiver!.received).toHaveLength(0);
  });

  it("keeps names, phone numbers and e-mails out of the worker's logs", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    await start({ logger: { level: "trace", stream } });
    receiver!.script({ status: 500 });

    await post(fixtureLead("business-broadband"));
    await eventually(deliveries, settled);

    const logged = lines.join("");
    expect(logged).toContain("delivery attempt");
    for (const personal of ["Sam", "Okafor", "020 7946 0000", "+442079460000", "sam@example.com"]) expect(logged).not.toContain(personal);
  });
});
