import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureLead } from "./support/pipelineFixtures";
import { BROWSER_AGENT, getQuotePage } from "./support/quoteVisits";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";

/** Bodies per endpoint and database: four endpoints, so 10,000 on each database. */
const RUNS = 2500;

/** Any UTF-16 code unit, lone surrogates and control characters included. */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 40 });
/** Mostly ordinary text, sometimes anything at all. */
const text = fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength: 40 }) }, { weight: 2, arbitrary: anyText });
const anyJson = fc.jsonValue({ maxDepth: 3 });
const utf8 = (value: string) => [...Buffer.from(value, "utf8")];

const leadBody = fc.oneof(
  fc.record({ customerName: text, email: text, phone: text, postcode: text }).map((answers) => fixtureLead("business-energy", answers)),
  fc.record({ wording: text, privacyNoticeVersion: text, buyer: text }).map(({ wording, privacyNoticeVersion, buyer }) =>
    fixtureLead("business-energy", {}, { contactConsent: { wording, privacyNoticeVersion, buyers: [buyer] } }),
  ),
  fc.record({ key: fc.constantFrom("flowId", "version", "answers", "tracking", "consent", "testMode", "honeypot", "startToken", "contactConsent", "other"), value: anyJson }).map(
    ({ key, value }) => ({ ...fixtureLead("business-energy"), [key]: value }),
  ),
  fc.record({ source: text, honeypot: fc.oneof(fc.constant(""), text) }).map(({ source, honeypot }) => fixtureLead("business-energy", {}, { tracking: { utm: { utm_source: source } }, honeypot })),
  anyJson,
);
const eventBody = fc.oneof(
  fc.record({ flowId: fc.oneof(fc.constant("fixture-business-energy"), text), version: fc.oneof(fc.constant(1), anyJson), stepId: fc.option(fc.oneof(fc.constant("contact"), fc.constant("done"), text), { nil: undefined }) }),
  anyJson,
);
const newsletterBody = fc.record({ email: fc.oneof(fc.emailAddress(), text), consentText: text, honeypot: fc.option(fc.oneof(fc.constant(""), text), { nil: undefined }), asForm: fc.boolean() });

describe.each(serverDialects)("10,000 fuzzed requests on %s", (dialect, skipped) => {
  let on: ServerOnDialect;
  beforeAll(async () => {
    if (!skipped) on = await startServerOn(dialect, { quotePages: true, env: { OPENING_HOURS: "always", DUPLICATE_WINDOW_HOURS: "0", ADDRESS_RATE_LIMIT_MAX: "100000" } });
  });
  afterAll(async () => {
    await on?.close();
  });
  const test = it.skipIf(skipped);
  const inject = (options: InjectOptions) => on.server.app.inject(options);

  test("to leads, events, the newsletter and address lookups are all answered below 500, and only what was accepted is stored", async () => {
    const stored = { leads: new Set<string>(), steps: new Set<string>(), subscribers: new Set<string>() };
    // Step beacons come from a visit the quote page was served to.
    const { cookie } = await getQuotePage(on.server.app, "fixture-business-energy");
    const statuses: number[] = [];
    const expectNoFault = (status: number) => {
      statuses.push(status);
      expect(status).toBeLessThan(500);
    };

    await fc.assert(
      fc.asyncProperty(leadBody, async (body) => {
        const response = await inject({ method: "POST", url: "/api/leads", headers: { "content-type": "application/json" }, payload: JSON.stringify(body) });
        expectNoFault(response.statusCode);
        const honeypot = (body as { honeypot?: unknown } | null)?.honeypot;
        if (response.statusCode === 200 && !(typeof honeypot === "string" && honeypot.trim() !== "")) stored.leads.add(response.json().leadId);
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(eventBody, async (body) => {
        const response = await inject({ method: "POST", url: "/api/events", headers: { "content-type": "application/json", "user-agent": BROWSER_AGENT, cookie: cookie! }, payload: JSON.stringify(body) });
        expectNoFault(response.statusCode);
        if (response.statusCode === 204) stored.steps.add((body as { stepId: string }).stepId);
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(newsletterBody, async ({ asForm, ...fields }) => {
        const form = new URLSearchParams(Object.entries(fields).flatMap(([k, v]) => (v === undefined ? [] : [[k === "honeypot" ? "website" : k, v]]))).toString();
        const response = await inject(
          asForm
            ? { method: "POST", url: "/api/newsletter", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: form }
            : { method: "POST", url: "/api/newsletter", headers: { "content-type": "application/json" }, payload: JSON.stringify(fields) },
        );
        expectNoFault(response.statusCode);
        if (response.statusCode === 200 && !fields.honeypot?.trim()) stored.subscribers.add(fields.email.trim().toLowerCase());
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom("LS1 4DY", "M1 1AE"), text).map(utf8), fc.oneof(fc.constant([]), fc.uint8Array({ maxLength: 12 })), async (postcode, raw) => {
        const query = [...postcode, ...raw].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
        const response = await inject({ method: "GET", url: `/api/addresses?postcode=${query}` });
        expectNoFault(response.statusCode);
      }),
      { numRuns: RUNS },
    );

    const leadIds = (await on.db.selectFrom("leads").select("id").execute()).map((row) => row.id);
    const reached = await on.db.selectFrom("experiment_step_reach").select("step_id").execute();
    const subscribers = await on.db.selectFrom("newsletter_subscribers").select("email").execute();
    expect(statuses).toHaveLength(4 * RUNS);
    expect(new Set(leadIds)).toEqual(stored.leads);
    expect(new Set(reached.map((row) => row.step_id))).toEqual(stored.steps);
    expect(new Set(subscribers.map((row) => row.email))).toEqual(stored.subscribers);
    // Enough of each kind was accepted for the comparison to mean something.
    expect(stored.leads.size).toBeGreaterThan(50);
    expect(stored.subscribers.size).toBeGreaterThan(20);
  }, 600_000);
});
