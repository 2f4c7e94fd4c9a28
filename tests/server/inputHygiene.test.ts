import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSubscriber } from "../../server/storage/newsletterStore";
import { fixtureLead } from "./support/pipelineFixtures";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";

describe.each(serverDialects)("characters no one can type, on %s", (dialect, skipped) => {
  let on: ServerOnDialect;
  beforeAll(async () => {
    if (!skipped) on = await startServerOn(dialect, { env: { OPENING_HOURS: "always" } });
  });
  afterAll(async () => {
    await on?.close();
  });
  const test = it.skipIf(skipped);
  const postLead = (body: object) => on.server.app.inject({ method: "POST", url: "/api/leads", payload: body });
  const leads = () => on.db.selectFrom("leads").selectAll().execute();

  test("drops them from free-text answers and stores the rest of what the visitor typed", async () => {
    const response = await postLead(fixtureLead("business-energy", { customerName: "Sam\u0000 Oka\u001bfor\u0007", email: "sam\u0000@example.com" }));

    expect(response.statusCode).toBe(200);
    const stored = (await leads()).find((l) => l.id === response.json().leadId);
    expect(stored).toMatchObject({ first_name: "Sam", last_name: "Okafor", email: "sam@example.com" });
    expect(stored!.answers).not.toMatch(/\\u00(00|1b|07)/);
    await on.db.deleteFrom("leads").execute();
  });

  test.each([
    ["the consent wording", { contactConsent: { wording: "I agree\u0000", buyers: ["Daylight Energy"] } }, "contactConsent.wording"],
    ["the privacy notice version", { contactConsent: { wording: "I agree", privacyNoticeVersion: "2026-01\u0000" } }, "contactConsent.privacyNoticeVersion"],
    ["a partner's name", { contactConsent: { wording: "I agree", buyers: ["Daylight\u0000 Energy"] } }, "contactConsent.buyers.0"],
    ["a campaign value", { tracking: { utm: { utm_source: "mail\u001b[31m" } } }, "tracking.utm.utm_source"],
    ["the honeypot", { honeypot: "\u0000" }, "honeypot"],
  ])("refuses %s holding them with 400 and the field's name, storing nothing", async (_what, envelope, field) => {
    const response = await postLead(fixtureLead("business-energy", { phone: "020 7946 0111", email: "refused@example.com" }, envelope));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "3", errors: [{ field, message: `${field} is not in the expected format` }] });
    expect(await leads()).toEqual([]);
  });

  test("refuses a newsletter sign-up whose wording holds them, storing nothing", async () => {
    const response = await on.server.app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "nul@example.com", consentText: "Send it\u0000" } });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The sign-up needs an email address and the consent wording shown beside it" });
    expect(await findSubscriber(on.db, "nul@example.com")).toBeUndefined();
  });

  test("refuses a step beacon naming a step with them", async () => {
    const response = await on.server.app.inject({ method: "POST", url: "/api/events", payload: { flowId: "fixture-business-energy", version: 1, stepId: "contact\u0000" } });

    expect(response.statusCode).toBe(400);
    expect(await on.db.selectFrom("experiment_step_reach").selectAll().execute()).toEqual([]);
  });
});
