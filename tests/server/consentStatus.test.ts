/**
 * A consent certificate's status and page, on SQLite and PostgreSQL: `GET /api/consent/<jti>` answers a JWS checked
 * here with `jose` against the published keys; the visitor's withdrawal link (given with the lead's answer and drawn on
 * the success page) and an erasure withdraw it, the status then says so, and every buyer the lead reached gets a
 * notice of its own (a loopback buyer) with the jti and the time and nothing personal; `/consent/<jti>/` draws the
 * claims and the form as shown, with no answer. No personal detail reaches a certificate, a status, a notice, the page
 * or a log line.
 */
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runConsentCli } from "../../server/cli/consentCli";
import type { WithdrawalNotice } from "../../server/delivery/buyerPayload";
import { eraseContact } from "../../server/storage/erasureStore";
import { FIXTURE_CONSENT, fixtureLead } from "./support/pipelineFixtures";
import { logCapture } from "./support/logCapture";
import { startPipelineServer, testClock, WEDNESDAY_MORNING } from "./support/pipelineServer";
import { startReceiver, type Received, type Receiver } from "./support/receiver";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";
import { eventually } from "./support/eventually";

const ORIGIN = "https://www.switchplan.example";
/** Every spelling of the fixture visitors' details that must appear nowhere but in the lead itself. */
const PERSONAL = ["Sam", "Okafor", "7946", "example.com", "M1 1AE", "M11AE", "+44"];

interface StatusClaims {
  iss: string;
  jti: string;
  status: "active" | "withdrawn";
  withdrawnAt: string | null;
  iat: number;
}

describe.each(serverDialects)("consent status on %s", (dialect, skipped) => {
  let on: ServerOnDialect;
  let receiver: Receiver;
  let jwks: JSONWebKeySet;
  const log = logCapture();
  const clock = testClock(WEDNESDAY_MORNING);

  beforeAll(async () => {
    if (skipped) return;
    receiver = await startReceiver();
    on = await startServerOn(dialect, {
      receiverUrl: receiver.url,
      buyers: (all) => all.map((b) => (b.key === "waste" ? { ...b, delivery: { ...b.delivery, hours: "mon-fri 09:00-17:30" } } : b)),
      deliveryWorker: true,
      now: clock.now,
      logger: { level: "info", stream: log.stream },
      env: { PUBLIC_ORIGIN: ORIGIN, MIN_FILL_MS: "0", DELIVERY_POLL_MS: "50" },
    });
    jwks = (await on.server.app.inject({ method: "GET", url: "/.well-known/jwks.json" })).json();
  }, 60_000);
  afterAll(async () => {
    if (skipped) return;
    await on.close();
    await receiver.close();
  });

  const get = (url: string) => on.server.app.inject({ method: "GET", url });
  const post = async (payload: object) => (await on.server.app.inject({ method: "POST", url: "/api/leads", payload })).json<{ code: string; leadId: string; withdrawUrl?: string }>();
  const jtiOf = async (leadId: string) => (await on.db.selectFrom("leads").select("consent_jti").where("id", "=", leadId).executeTakeFirstOrThrow()).consent_jti!;
  const status = async (jti: string) => {
    const response = await get(`/api/consent/${jti}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/jwt/);
    expect(decodeProtectedHeader(response.body)).toMatchObject({ alg: "EdDSA", typ: "consent-status+jwt" });
    return (await jwtVerify(response.body, createLocalJWKSet(jwks), { typ: "consent-status+jwt", algorithms: ["EdDSA"], issuer: ORIGIN })).payload as unknown as StatusClaims;
  };
  /** The lead's deliveries, once every buyer has it. */
  const delivered = async (leadId: string) =>
    eventually(
      () => on.db.selectFrom("deliveries").select(["buyer_key", "status"]).where("lead_id", "=", leadId).execute(),
      (rows) => rows.length > 0 && rows.every((row) => row.status === "delivered"),
      20_000,
    );
  const noticesFor = (jti: string, count: number) =>
    eventually(
      () => Promise.resolve(receiver.received.filter((r) => (r.body as unknown as WithdrawalNotice).type === "consent.withdrawn" && (r.body as unknown as WithdrawalNotice).consent.jti === jti)),
      (found: Received[]) => found.length >= count,
      20_000,
    );

  it.skipIf(skipped)("answers an active certificate's status as a JWS signed with the published keys, and a clear 404 for an unknown one", async () => {
    const { leadId } = await post(fixtureLead("business-energy"));
    const jti = await jtiOf(leadId);
    expect(await status(jti)).toEqual({ iss: ORIGIN, jti, status: "active", withdrawnAt: null, iat: expect.any(Number) });

    for (const unknown of ["AAAAAAAAAAAAAAAAAAAAAA", "not-a-certificate", `${jti}x`]) {
      const response = await get(`/api/consent/${unknown}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "No consent certificate has this id: check that it was copied whole from the certificate's jti claim." });
    }
  });

  it.skipIf(skipped)("withdraws a consent from the visitor's link: the status says so and every buyer the lead reached is told, with nothing personal", async () => {
    const answer = await post(fixtureLead("business-energy", { phone: "020 7946 0601", email: "withdraws@example.com" }));
    const jti = await jtiOf(answer.leadId);
    expect(answer.withdrawUrl).toMatch(new RegExp(`^/consent/${jti}/withdraw/[A-Za-z0-9_-]{22}/$`));
    const buyers = (await delivered(answer.leadId)).map((row) => row.buyer_key).sort();
    expect(buyers.length).toBeGreaterThan(0);

    // Opening the link changes nothing; it shows what was agreed to and one button.
    const page = await get(answer.withdrawUrl!);
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toContain("noindex");
    expect(page.body).toContain(FIXTURE_CONSENT);
    expect(page.body).toContain("Withdraw my consent");
    expect((await status(jti)).status).toBe("active");
    // A wrong key, or another site's post, withdraws nothing.
    expect((await get(answer.withdrawUrl!.replace(/withdraw\/[^/]+\//, "withdraw/AAAAAAAAAAAAAAAAAAAAAA/"))).statusCode).toBe(404);
    const forged = await on.server.app.inject({ method: "POST", url: answer.withdrawUrl!, headers: { origin: "https://elsewhere.example", "content-type": "application/x-www-form-urlencoded" }, payload: "" });
    expect(forged.statusCode).toBe(403);
    expect((await status(jti)).status).toBe("active");

    clock.advance(60_000);
    const withdrawnAt = clock.now().toISOString();
    const sent = await on.server.app.inject({ method: "POST", url: answer.withdrawUrl!, headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" }, payload: "" });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain("Your consent is withdrawn.");
    expect(await status(jti)).toMatchObject({ jti, status: "withdrawn", withdrawnAt });

    const notices = await noticesFor(jti, buyers.length);
    expect(notices.map((n) => n.path.replace("/leads/", "")).sort()).toEqual(buyers);
    for (const notice of notices) {
      expect(notice.body).toEqual({ type: "consent.withdrawn", noticeId: notice.idempotencyKey, leadId: answer.leadId, buyerId: expect.any(String), consent: { jti, status: "withdrawn", withdrawnAt } });
      expect(notice.headers["x-switchplan-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      for (const detail of PERSONAL) expect(notice.rawBody).not.toContain(detail);
    }
    // Withdrawing again keeps the first time and tells no one twice.
    const again = await on.server.app.inject({ method: "POST", url: answer.withdrawUrl!, headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" }, payload: "" });
    expect(again.body).toContain("You withdrew this consent on");
    expect((await status(jti)).withdrawnAt).toBe(withdrawnAt);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await noticesFor(jti, 0)).toHaveLength(buyers.length);
  });

  it.skipIf(skipped)("withdraws the consents of an erasure: the status still reads withdrawn once the lead is gone, and its buyers are told", async () => {
    const { leadId } = await post(fixtureLead("business-waste", { phone: "020 7946 0602", email: "erased@example.com" }));
    const jti = await jtiOf(leadId);
    const buyers = (await delivered(leadId)).map((row) => row.buyer_key);
    clock.advance(60_000);
    const result = await eraseContact(on.db, "email", " Erased@Example.com ", clock.now());
    expect(result.leadsErased).toBe(1);
    expect(await on.db.selectFrom("leads").select("id").where("id", "=", leadId).executeTakeFirst()).toBeUndefined();
    expect(await status(jti)).toMatchObject({ status: "withdrawn", withdrawnAt: clock.now().toISOString() });
    const notices = await noticesFor(jti, buyers.length);
    expect(notices.map((n) => (n.body as unknown as WithdrawalNotice).leadId)).toEqual(buyers.map(() => leadId));
    const page = await get(`/consent/${jti}/`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("withdrawn");
    expect(page.body).toContain("erased at the visitor's request");
  });

  it.skipIf(skipped)("stops a delivery not yet sent when the consent is withdrawn before it goes, and tells that buyer nothing", async () => {
    // The waste buyer takes deliveries in office hours only: a lead sent at night waits, untried, until the morning.
    clock.set("2026-03-04T22:30:00Z");
    const answer = await post(fixtureLead("business-waste", { phone: "020 7946 0603", email: "night@example.com" }));
    const jti = await jtiOf(answer.leadId);
    expect(await on.db.selectFrom("deliveries").select(["buyer_key", "status", "attempts"]).where("lead_id", "=", answer.leadId).execute()).toEqual([{ buyer_key: "waste", status: "pending", attempts: 0 }]);
    const sent = await on.server.app.inject({ method: "POST", url: answer.withdrawUrl!, headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" }, payload: "" });
    expect(sent.statusCode).toBe(200);
    expect(await on.db.selectFrom("deliveries").select(["status", "last_error"]).where("lead_id", "=", answer.leadId).execute()).toEqual([{ status: "rejected", last_error: "not sent: the visitor withdrew their consent" }]);
    clock.set("2026-03-05T09:30:00Z");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.received.filter((r) => r.rawBody.includes(answer.leadId))).toEqual([]);
    expect(await on.db.selectFrom("consent_notices").select("id").where("jti", "=", jti).execute()).toEqual([]);
  });

  it.skipIf(skipped)("withdraws a consent from the command line for a visitor who writes in", async () => {
    const { leadId } = await post(fixtureLead("home-water", { phone: "020 7946 0605", email: "letter@example.com" }));
    const jti = await jtiOf(leadId);
    let output = "";
    const cli = (...args: string[]) =>
      runConsentCli(args, { store: async () => on.db, secret: () => "", out: (text) => void (output += text), stdin: async () => "", now: clock.now });
    expect(await cli("withdraw", jti)).toBe(0);
    expect(output).toBe(`Consent ${jti} withdrawn; the buyers its lead reached are sent a notice.\n`);
    expect(await status(jti)).toMatchObject({ status: "withdrawn", withdrawnAt: clock.now().toISOString() });
    output = "";
    expect(await cli("withdraw", "AAAAAAAAAAAAAAAAAAAAAA")).toBe(2);
    expect(output).toBe("No kept lead has the certificate AAAAAAAAAAAAAAAAAAAAAA\n");
  });

  it.skipIf(skipped)("draws the certificate's page: its claims in words and the form as shown, step by step, with no answer, kept out of search", async () => {
    const { leadId } = await post(fixtureLead("business-energy", { phone: "020 7946 0604", email: "page@example.com" }));
    const jti = await jtiOf(leadId);
    const page = await get(`/consent/${jti}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["x-robots-tag"]).toContain("noindex");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).toContain("This consent is <strong>active</strong>");
    expect(page.body).toContain(`<dd>${jti}</dd>`);
    expect(page.body).toContain("Step 1 of 1");
    expect(page.body).toContain("Second Energy");
    expect(page.body).toContain(FIXTURE_CONSENT);
    expect(page.body).toContain("its document's SHA-256 is the one the certificate names");
    expect(page.body).toMatch(/<button type="button" disabled>Next<\/button>/);
    expect(page.body).not.toContain("/withdraw/");
    for (const detail of PERSONAL) expect(page.body).not.toContain(detail);
    expect((await get("/consent/AAAAAAAAAAAAAAAAAAAAAA/")).statusCode).toBe(404);
  });

  it.skipIf(skipped)("keeps every personal detail out of the log lines of all of it", () => {
    const text = log.text();
    expect(text).toContain("consent withdrawn by the visitor");
    expect(text).toContain("withdrawal notice attempt");
    for (const detail of PERSONAL) expect(text).not.toContain(detail);
  });
});

describe("consent look-ups per client address", () => {
  it("answers 429 once an address has used the public look-ups' budget, with when to try again", async () => {
    const server = await startPipelineServer({ env: { RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_MS: "60000" } });
    try {
      const codes = [];
      for (let n = 0; n < 4; n++) codes.push((await server.app.inject({ method: "GET", url: "/api/consent/AAAAAAAAAAAAAAAAAAAAAA", remoteAddress: "203.0.113.9" })).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
      const page = await server.app.inject({ method: "GET", url: "/consent/AAAAAAAAAAAAAAAAAAAAAA/", remoteAddress: "203.0.113.9" });
      expect(page.statusCode).toBe(429);
      expect(Number(page.headers["retry-after"])).toBeGreaterThan(0);
      expect((await server.app.inject({ method: "GET", url: "/api/consent/AAAAAAAAAAAAAAAAAAAAAA", remoteAddress: "203.0.113.10" })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});
