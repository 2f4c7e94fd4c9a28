/**
 * The consent certificate's form.steps say when each step was answered, on every way a lead comes in: the plain forms
 * by the server's clock as each step is posted, the page's script by the times it sends (how long before the request
 * each step was answered), placed on the server's clock as the lead arrives. Times the page sends in the future are
 * refused with 400; times out of the path's order or before the quote's start token are left out of the certificate,
 * and the lead is taken all the same. Checked with `jose`, not the code that signs.
 */
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock, WEDNESDAY_MORNING } from "./support/pipelineServer";
import { BUSINESS_ENERGY_V1, PLAIN_CONTACT, PlainBrowser, UP_TO_ADDRESS } from "./support/plainBrowser";
import { businessEnergyV1, startTestServer, type TestServer } from "./testServer";

/** Business energy v1's path for the sample answers, in order. */
const PATH = ["utility", "spend", "meter", "contract", "supplier", "address", "contact"];

interface Steps {
  form: { steps: Array<{ id: string; answeredAt?: string }> };
  session: { secondsToSubmit: number | null };
}

const iso = (ms: number) => new Date(ms).toISOString();

describe("when each step was answered", () => {
  let server: TestServer;
  let jwks: JSONWebKeySet;
  const clock = testClock(WEDNESDAY_MORNING);
  beforeAll(async () => {
    server = await startTestServer({ MIN_FILL_MS: "1000" }, false, { quotePages: true, now: clock.now });
    jwks = (await server.app.inject({ method: "GET", url: "/.well-known/jwks.json" })).json<JSONWebKeySet>();
  }, 60_000);
  afterAll(() => server.close());

  const claimsOf = async (leadId: string) => {
    const token = (await server.storedLead(leadId))!.consent_certificate!;
    return (await jwtVerify(token, createLocalJWKSet(jwks), { typ: "consent+jwt", algorithms: ["EdDSA"] })).payload as unknown as Steps;
  };
  /** A start token issued now by the server's clock, as the quote page fetches it. */
  const startToken = async () => (await server.app.inject({ method: "GET", url: "/api/start-token" })).json<{ token: string }>().token;
  const send = (payload: object) => server.app.inject({ method: "POST", url: "/api/leads", payload });
  let person = 0;
  /** A business energy v1 lead from a person of its own, with its start token, sent with these step times. */
  const lead = (token: string, answeredMsBefore: unknown) => businessEnergyV1({ phone: `0113 496 ${String(100 + person).padStart(4, "0")}`, email: `times${person++}@example.com` }, { startToken: token, answeredMsBefore });

  it("keeps each plain form's answer time, by the server's clock, for every step walked, in order", async () => {
    const browser = new PlainBrowser(server.app);
    // The quote starts (its start token issued) as its first answer is posted.
    const started = clock.now().getTime() + 7_000;
    const steps: Array<[string, Record<string, string>]> = [
      ...UP_TO_ADDRESS,
      ["address", { postcode: "LS1 4DY", addressAction: "find" }],
      ["address", { postcode: "LS1 4DY", businessAddress: "demo-ls1-4dy-2" }],
    ];
    const answered: Record<string, string> = {};
    for (const [step, form] of steps) {
      clock.advance(7_000);
      expect((await browser.answer(BUSINESS_ENERGY_V1, step, form)).statusCode).toBe(303);
      // The address step's lookup only draws the addresses: it is answered when one is picked.
      if (form.addressAction !== "find") answered[step] = clock.now().toISOString();
    }
    clock.advance(20_000);
    const sent = await browser.post(`${BUSINESS_ENERGY_V1}&step=contact`, { _step: "contact", _rev: String(browser.revision), ...PLAIN_CONTACT, company_website: "" });
    expect(sent.statusCode).toBe(303);
    answered.contact = clock.now().toISOString();
    const leadId = await server.withDb(async (db) => (await db.selectFrom("leads").select("id").where("email", "=", "jane.smith@example.com").executeTakeFirstOrThrow()).id);

    const { form, session } = await claimsOf(leadId);
    expect(form.steps).toEqual(PATH.map((id) => ({ id, answeredAt: answered[id] })));
    expect(session.secondsToSubmit).toBe((clock.now().getTime() - started) / 1000);
  });

  it("places the times the page's script sends on the server's clock, leaving out steps off the path", async () => {
    const token = await startToken();
    clock.advance(90_000);
    const before = { utility: 80_000, spend: 70_000, meter: 60_000, contract: 50_000, supplier: 40_000, address: 20_000, contact: 0, solarRoof: 30_000 };
    const response = await send(lead(token, before));
    expect(response.statusCode).toBe(200);
    const now = clock.now().getTime();
    const { form } = await claimsOf(response.json<{ leadId: string }>().leadId);
    expect(form.steps).toEqual(PATH.map((id) => ({ id, answeredAt: iso(now - before[id as keyof typeof before]) })));
  });

  it("keeps the times of the steps the page saw answered and says none for the others", async () => {
    const token = await startToken();
    clock.advance(30_000);
    const response = await send(lead(token, { address: 10_000, contact: 0 }));
    const now = clock.now().getTime();
    const { form } = await claimsOf(response.json<{ leadId: string }>().leadId);
    expect(form.steps).toEqual([...PATH.slice(0, 5).map((id) => ({ id })), { id: "address", answeredAt: iso(now - 10_000) }, { id: "contact", answeredAt: iso(now) }]);
  });

  it.each([
    ["out of the path's order", { utility: 10_000, spend: 20_000, contact: 0 }],
    ["before the quote's start token was issued", { utility: 200_000, spend: 20_000, contact: 0 }],
  ])("takes the lead but leaves out times answered %s", async (_, before) => {
    const token = await startToken();
    clock.advance(60_000);
    const response = await send(lead(token, before));
    expect(response.statusCode).toBe(200);
    expect(response.json<{ code: string }>().code).toBe("1");
    const { form } = await claimsOf(response.json<{ leadId: string }>().leadId);
    expect(form.steps).toEqual(PATH.map((id) => ({ id })));
  });

  it.each([
    ["in the future", { utility: -5_000, contact: 0 }],
    ["longer ago than a start token lives", { utility: 86_400_001, contact: 0 }],
    ["not whole milliseconds", { utility: 1.5, contact: 0 }],
    ["for something that is not a step", { "../utility": 1_000 }],
  ])("refuses step times %s with 400 and nothing stored", async (_, before) => {
    const token = await startToken();
    clock.advance(60_000);
    const leads = await server.leadCount();
    const response = await send(lead(token, before));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string; errors: Array<{ field: string; message: string }> }>()).toMatchObject({ code: "3", errors: [{ field: expect.stringMatching(/^answeredMsBefore\./), message: expect.stringMatching(/^answeredMsBefore/) }] });
    expect(await server.leadCount()).toBe(leads);
  });
});
