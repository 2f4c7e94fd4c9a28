/**
 * Consent certificates, on SQLite and PostgreSQL: every stored lead (the page's script, the plain forms, a lead held
 * through an outage and taken in later, leads stored in batches) carries a JWS its buyers can check with any standard
 * library against /.well-known/jwks.json. Checked here with `jose`, not the code that signs them; a changed byte, a
 * wrong kid, another site's key or a key taken out of the set fails; the fingerprints match the normalised contact
 * details, and no personal data is in a certificate.
 */
import { createHash, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { CompactSign, createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, type JSONWebKeySet } from "jose";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBuyers } from "../../server/buyers/loadBuyers";
import { loadConsentKeys, consentKeysSecret } from "../../server/consent/signingKeys";
import { loadFlowCatalog } from "../../server/flowCatalog";
import { parseOpeningHours } from "../../server/hours/openingHours";
import { storeHeldLead } from "../../server/leads/heldLeads";
import { canonicalJson } from "../../server/leads/submissionDigest";
import type { Database, LeadRow } from "../../server/storage/schema";
import { FIXTURE_CONSENT, fixtureLead } from "./support/pipelineFixtures";
import { testClock, WEDNESDAY_MORNING } from "./support/pipelineServer";
import { eventually } from "./support/eventually";
import { startReceiver, type Receiver } from "./support/receiver";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";
import { openTestPostgres, type TestDatabase } from "./support/databases";
import { answerUpToContact, BUSINESS_ENERGY_V1, PLAIN_CONTACT, PlainBrowser } from "./support/plainBrowser";
import { startTestServer, type TestServer } from "./testServer";

const SAM = { name: "Sam Okafor", phone: "020 7946 0000", e164: "+442079460000", email: "sam@example.com", postcode: "M1 1AE" };
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Parts of the fixture lead that must never be in a certificate, in any spelling. */
const PERSONAL = ["Sam", "Okafor", "7946", "sam@example.com", "M1 1AE", "M11AE"];

interface Claims {
  iss: string;
  sub: string;
  jti: string;
  iat: number;
  salt: string;
  consent: { wording: string | null; privacyNoticeVersion: string | null; partners: string[]; buttonLabel: string };
  form: { id: string; version: number; documentSha256: string; path: string; steps: Array<{ id: string }>; entry: string };
  fingerprints: { email: string | null; phone: string | null };
  session: { secondsToSubmit: number | null; botCheck: string; test: boolean };
}

describe.each(serverDialects)("consent certificates on %s", (dialect, skipped) => {
  let on: ServerOnDialect;
  let receiver: Receiver;
  let jwks: JSONWebKeySet;
  const clock = testClock(WEDNESDAY_MORNING);

  beforeAll(async () => {
    if (skipped) return;
    receiver = await startReceiver();
    on = await startServerOn(dialect, { receiverUrl: receiver.url, deliveryWorker: true, now: clock.now, env: { PUBLIC_ORIGIN: "https://www.switchplan.example", MIN_FILL_MS: "0", DELIVERY_POLL_MS: "50" } });
    const response = await on.server.app.inject({ method: "GET", url: "/.well-known/jwks.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
    jwks = response.json();
  }, 60_000);
  afterAll(async () => {
    if (skipped) return;
    await on.close();
    await receiver.close();
  });

  const post = async (payload: object) => (await on.server.app.inject({ method: "POST", url: "/api/leads", payload })).json<{ code: string; leadId: string }>();
  const leadRow = async (id: string): Promise<LeadRow> => (await on.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst())!;
  const verified = async (token: string, set: JSONWebKeySet = jwks) => (await jwtVerify(token, createLocalJWKSet(set), { typ: "consent+jwt", algorithms: ["EdDSA"] })).payload as unknown as Claims;

  it.skipIf(skipped)("publishes the signing key as an Ed25519 JWK Set", () => {
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) expect(key).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig", kid: expect.any(String), x: expect.any(String) });
    expect(JSON.stringify(jwks)).not.toContain('"d"');
  });

  it.skipIf(skipped)("signs a lead sent by the page's script with the claims the issue lists, checked with jose", async () => {
    const { leadId, code } = await post(fixtureLead("business-energy"));
    expect(code).toBe("5");
    const lead = await leadRow(leadId);
    const token = lead.consent_certificate!;
    expect(decodeProtectedHeader(token)).toEqual({ alg: "EdDSA", typ: "consent+jwt", kid: lead.consent_kid });
    const claims = await verified(token);
    const document = await readFile(path.join(on.server.fixtureDir, "forms", "fixture-business-energy", "v1.json"), "utf8");
    expect(claims).toMatchObject({
      iss: "https://www.switchplan.example",
      sub: leadId,
      jti: lead.consent_jti,
      iat: Math.floor(new Date(WEDNESDAY_MORNING).getTime() / 1000),
      consent: { wording: FIXTURE_CONSENT, privacyNoticeVersion: "2026-01", partners: expect.arrayContaining(["Second Energy"]), buttonLabel: "Next" },
      form: { id: "fixture-business-energy", version: 1, documentSha256: sha256(canonicalJson(JSON.parse(document))), path: "/quote/fixture-business-energy/", steps: [{ id: "contact" }], entry: "script" },
      session: { secondsToSubmit: null, botCheck: "honeypot only", test: false },
    });
    // 128 bits of randomness, base64url.
    expect(claims.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(claims.fingerprints).toEqual({ email: sha256(`${claims.salt}${SAM.email}`), phone: sha256(`${claims.salt}${SAM.e164}`) });
  });

  it.skipIf(skipped)("matches the fingerprints however the visitor spelled their phone and e-mail", async () => {
    const { leadId } = await post(fixtureLead("home-water", { phone: "+44 (0)20 7946 0111", email: "  Mixed.Case@Example.COM " }));
    const claims = await verified((await leadRow(leadId)).consent_certificate!);
    expect(claims.fingerprints).toEqual({ email: sha256(`${claims.salt}mixed.case@example.com`), phone: sha256(`${claims.salt}+442079460111`) });
  });

  it.skipIf(skipped)("fails a changed byte, a wrong kid, another site's key and a key taken out of the set", async () => {
    const { leadId } = await post(fixtureLead("business-waste", { phone: "020 7946 0222", email: "waste@example.com" }));
    const token = (await leadRow(leadId)).consent_certificate!;
    await expect(verified(token)).resolves.toBeTruthy();
    const [head, body, signature] = token.split(".") as [string, string, string];

    const payload = Buffer.from(body, "base64url");
    payload.writeUInt8(payload.readUInt8(payload.length - 3) ^ 1, payload.length - 3);
    await expect(verified(`${head}.${payload.toString("base64url")}.${signature}`)).rejects.toThrow();
    const flipped = signature[5] === "A" ? "B" : "A";
    await expect(verified(`${head}.${body}.${signature.slice(0, 5)}${flipped}${signature.slice(6)}`)).rejects.toThrow();

    const header = JSON.parse(Buffer.from(head, "base64url").toString()) as Record<string, string>;
    const wrongKid = Buffer.from(JSON.stringify({ ...header, kid: "not-our-key" })).toString("base64url");
    await expect(verified(`${wrongKid}.${body}.${signature}`)).rejects.toThrow();

    // Another site signs the same claims under our kid with a key of its own.
    const other = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const forged = await new CompactSign(Buffer.from(body, "base64url")).setProtectedHeader(header as never).sign(other.privateKey);
    await expect(verified(forged)).rejects.toThrow();
    const theirs = { keys: [{ ...(await exportJWK(other.publicKey)), kid: header.kid!, alg: "EdDSA" }] };
    await expect(verified(token, theirs)).rejects.toThrow();

    await expect(verified(token, { keys: jwks.keys.filter((key) => key.kid !== header.kid) })).rejects.toThrow();
  });

  it.skipIf(skipped)("carries the certificate in each delivery's body beside the consent fields", async () => {
    const { leadId } = await post(fixtureLead("business-energy", { phone: "020 7946 0333", email: "delivered@example.com" }));
    const lead = await leadRow(leadId);
    // The earlier tests' deliveries may still be arriving: wait for this lead's own.
    const arrived = await eventually(
      () => Promise.resolve(receiver.received.filter((r) => r.body.leadId === leadId)),
      (found) => found.length > 0,
      20_000,
    );
    for (const delivery of arrived) {
      expect(delivery.body.consent).toEqual({ wording: FIXTURE_CONSENT, privacyNoticeVersion: "2026-01", agreedAt: lead.consented_at, certificate: lead.consent_certificate });
    }
  });

  it.skipIf(skipped)("gives every lead of a burst one, stored in batches on PostgreSQL, test and duplicate leads too", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => post(fixtureLead("business-energy", { phone: `020 7946 ${String(1500 + (n % 10))}`, email: `burst${n % 10}@example.com` }, n === 11 ? { testMode: true } : {}))),
    );
    expect(answers.map((a) => a.code)).toContain("99");
    const rows = await on.db.selectFrom("leads").select(["id", "consent_jti", "consent_certificate"]).where("id", "in", answers.map((a) => a.leadId)).execute();
    expect(rows).toHaveLength(12);
    for (const row of rows) expect((await verified(row.consent_certificate!)).jti).toBe(row.consent_jti);
    const test = rows.find((row) => row.id === answers[11]!.leadId)!;
    expect((await verified(test.consent_certificate!)).session.test).toBe(true);
  });

  it.skipIf(skipped)("signs a lead held through an outage when the store takes it in", async () => {
    const { server } = on;
    const intake = {
      db: on.db as Kysely<Database>,
      buyers: await loadBuyers(path.join(server.fixtureDir, "buyers.json")),
      siteHours: parseOpeningHours("mon-fri 09:00-17:30", "OPENING_HOURS"),
      duplicateWindowHours: 720,
      fakeCampaignIds: new Set<string>(),
      now: clock.now,
      certificates: { iss: () => "https://www.switchplan.example", keys: await loadConsentKeys(on.db, consentKeysSecret(undefined, server.dataDir), clock.now), now: clock.now },
    };
    const flows = loadFlowCatalog(path.join(server.fixtureDir, "forms"));
    const submission = fixtureLead("business-energy", { phone: "020 7946 0444", email: "held@example.com" });
    const id = randomUUID();
    const outcome = await storeHeldLead(intake, flows, {
      id,
      receivedAt: clock.now().toISOString(),
      submission,
      answers: submission.answers as never,
      session: { entry: "plain-forms", botCheck: "passed", secondsToSubmit: 42 },
    });
    expect(outcome.kind).toBe("stored");
    const claims = await verified((await leadRow(id)).consent_certificate!);
    expect(claims).toMatchObject({ sub: id, form: { entry: "plain-forms" }, session: { secondsToSubmit: 42, botCheck: "passed" } });
  });

  it.skipIf(skipped)("keeps every personal detail out of every certificate", async () => {
    const rows = await on.db.selectFrom("leads").select(["consent_certificate"]).execute();
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const [head, body] = row.consent_certificate!.split(".") as [string, string];
      const text = `${Buffer.from(head, "base64url").toString()}${Buffer.from(body, "base64url").toString()}`;
      for (const detail of PERSONAL) expect(text).not.toContain(detail);
      expect(text).not.toMatch(/example\.com|\+44|07946|burst|held@|waste@/i);
    }
  });
});

describe.each(serverDialects)("a quote sent as plain forms on %s", (dialect, skipped) => {
  let server: TestServer;
  let store: TestDatabase | undefined;
  beforeAll(async () => {
    if (skipped) return;
    store = dialect === "PostgreSQL" ? await openTestPostgres() : undefined;
    server = await startTestServer(store ? { DATABASE_URL: store.url! } : {}, false, { quotePages: true, now: () => new Date(WEDNESDAY_MORNING) });
  }, 60_000);
  afterAll(async () => {
    if (skipped) return;
    await server.close();
    await store?.drop();
  });

  it.skipIf(skipped)("signs its lead too, saying so, with the steps walked in order and no answer", async () => {
    const browser = new PlainBrowser(server.app);
    const revision = await answerUpToContact(browser);
    const sent = await browser.post(`${BUSINESS_ENERGY_V1}&step=contact`, { _step: "contact", _rev: String(revision), ...PLAIN_CONTACT, company_website: "" });
    expect(sent.statusCode).toBe(303);
    const rows = store ? await store.db.selectFrom("leads").selectAll().execute() : await server.withDb((db) => db.selectFrom("leads").selectAll().execute());
    expect(rows).toHaveLength(1);
    const jwks = (await server.app.inject({ method: "GET", url: "/.well-known/jwks.json" })).json<JSONWebKeySet>();
    const { payload } = await jwtVerify(rows[0]!.consent_certificate!, createLocalJWKSet(jwks), { typ: "consent+jwt" });
    const claims = payload as unknown as Claims;
    expect(claims.form).toMatchObject({ id: "business-energy", version: 1, path: "/quote/business-energy/", entry: "plain-forms" });
    expect(claims.form.steps.map((step) => step.id)).toEqual(["utility", "spend", "meter", "contract", "supplier", "address", "contact"]);
    expect(claims.consent.wording).toBe(rows[0]!.consent_wording);
    expect(claims.fingerprints.phone).toBe(sha256(`${claims.salt}+441134960000`));
    const text = Buffer.from(rows[0]!.consent_certificate!.split(".")[1]!, "base64url").toString();
    for (const detail of ["Jane", "Smith", "Brightwell", "496 0000", "4960000", "jane.smith", "LS1", "Leeds", "edf", "within3Months"]) expect(text).not.toContain(detail);
  });
});
