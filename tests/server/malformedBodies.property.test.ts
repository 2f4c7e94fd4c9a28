import fc from "fast-check";
import { isValidPhoneNumber } from "libphonenumber-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureLead } from "./support/pipelineFixtures";
import { startPipelineServer, type PipelineServer } from "./support/pipelineServer";

let server: PipelineServer;
beforeAll(async () => {
  server = await startPipelineServer({ env: { OPENING_HOURS: "always" } });
});
afterAll(async () => {
  await server.close();
});

/** Posts a body (an object as JSON, a string as it is) and gives the status. */
async function postRaw(body: unknown, raw = false): Promise<number> {
  const response = await server.app.inject({
    method: "POST",
    url: "/api/leads",
    headers: { "content-type": "application/json" },
    payload: raw ? String(body) : JSON.stringify(body),
  });
  return response.statusCode;
}

type Envelope = Record<string, unknown> & { answers: Record<string, unknown> };

/** A valid lead with one change that makes it invalid, whatever the generated values. */
const brokenLead: fc.Arbitrary<Envelope> = fc.oneof(
  fc.constantFrom("flowId", "version", "answers").map((key) => {
    const lead: Envelope = { ...fixtureLead("business-energy") };
    delete lead[key];
    return lead;
  }),
  fc.string().filter((s) => !/^fixture-[a-z-]+$/.test(s)).map((flowId) => ({ ...fixtureLead("business-energy"), flowId })),
  fc.oneof(fc.double(), fc.string(), fc.constant(null), fc.integer({ min: 2 })).map((version) => ({ ...fixtureLead("business-energy"), version })),
  fc
    .tuple(fc.constantFrom("customerName", "phone", "email", "postcode"), fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.dictionary(fc.string(), fc.string())))
    .map(([field, value]) => ({ ...fixtureLead("business-energy"), answers: { ...fixtureLead("business-energy").answers, [field]: value } })),
  fc.string({ maxLength: 30 }).filter((phone) => !isValidPhoneNumber(phone, "GB")).map((phone) => fixtureLead("business-energy", { phone })),
  fc
    .tuple(fc.string({ minLength: 1 }).filter((k) => !["flowId", "version", "answers", "tracking", "consent", "testMode", "honeypot", "startToken", "contactConsent"].includes(k)), fc.jsonValue())
    .map(([key, value]) => ({ ...fixtureLead("business-energy"), [key]: value })),
  fc.oneof(fc.integer(), fc.double(), fc.string({ minLength: 201 }), fc.constant(null)).map((startToken) => ({ ...fixtureLead("business-energy"), startToken })),
  fc.jsonValue().filter((v) => typeof v !== "string").map((utm_source) => ({ ...fixtureLead("business-energy"), tracking: { utm: { utm_source } } })),
  fc.oneof(fc.string(), fc.integer(), fc.array(fc.integer(), { minLength: 1 })).map((buyers) => ({ ...fixtureLead("business-energy"), contactConsent: { wording: "Agreed", buyers } })),
);

describe("malformed bodies at POST /api/leads", () => {
  it("answers any JSON value that is not a lead with a 4xx, never a 5xx, and stores nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const status = await postRaw(body);
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    expect(await server.leadCount()).toBe(0);
  });

  it("answers a lead with one broken part with a 4xx, never a 5xx, and stores nothing", async () => {
    await fc.assert(
      fc.asyncProperty(brokenLead, async (body) => {
        const status = await postRaw(body);
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
    expect(await server.leadCount()).toBe(0);
  });

  it("answers bytes that are not JSON, or JSON with prototype keys, with a 4xx and stores nothing", async () => {
    const rawBodies = fc.oneof(
      fc.string(),
      fc.string().map((s) => `{"flowId": ${s}`),
      fc.jsonValue().map((v) => `{"__proto__": ${JSON.stringify(v)}, "flowId": "fixture-business-energy"}`),
      fc.jsonValue().map((v) => `{"constructor": {"prototype": ${JSON.stringify(v)}}}`),
    );
    await fc.assert(
      fc.asyncProperty(rawBodies, async (body) => {
        const status = await postRaw(body, true);
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    expect(await server.leadCount()).toBe(0);
  });
});
