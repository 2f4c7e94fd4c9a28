import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixtureLead } from "./support/pipelineFixtures";
import { startPipelineServer, testClock, WEDNESDAY_MORNING, WEDNESDAY_NIGHT, type PipelineServer, type TestClock } from "./support/pipelineServer";

let server: PipelineServer;
let clock: TestClock;
beforeEach(async () => {
  clock = testClock(WEDNESDAY_MORNING);
  server = await startPipelineServer({ now: clock.now, env: { FAKE_CAMPAIGN_IDS: "999000,999001" } });
});
afterEach(async () => {
  await server.close();
});

function post(payload: object | string) {
  return typeof payload === "string"
    ? server.app.inject({ method: "POST", url: "/api/leads", payload, headers: { "content-type": "application/json" } })
    : server.app.inject({ method: "POST", url: "/api/leads", payload });
}

const energyLead = (answers: Record<string, unknown> = {}, envelope: Record<string, unknown> = {}) => fixtureLead("business-energy", answers, envelope);

describe("every response code of the spec, through POST /api/leads", () => {
  it('answers "0" when no partner the visitor named can take the lead, and keeps it', async () => {
    const response = await post(energyLead({}, { contactConsent: { wording: "Only these", buyers: ["Test Payments"] } }));

    expect(response.json()).toEqual({ code: "0", leadId: expect.any(String), buyers: [], outOfHours: false, withdrawUrl: expect.stringMatching(/^\/consent\//) });
    expect(await server.storedLead(response.json<{ leadId: string }>().leadId)).toMatchObject({ response_code: "0" });
  });

  it('answers "1" for a lead routed to a buyer with no code of its own (broadband)', async () => {
    const response = await post(fixtureLead("business-broadband"));

    expect(response.json()).toEqual({ code: "1", leadId: expect.any(String), buyers: [{ name: "Test Broadband", phone: "0113 496 0999" }], outOfHours: false, withdrawUrl: expect.stringMatching(/^\/consent\//) });
  });

  it('answers "2" for the same phone number on the same service again', async () => {
    await post(fixtureLead("business-broadband"));

    const again = await post(fixtureLead("business-broadband", { email: "someone.else@example.com" }));

    expect(again.json()).toEqual({ code: "2", leadId: expect.any(String), buyers: [], outOfHours: false, withdrawUrl: expect.stringMatching(/^\/consent\//) });
  });

  it('answers "3" with the field errors when an answer is wrong', async () => {
    const response = await post(energyLead({ phone: "123" }));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "3", errors: [{ field: "phone", step: "contact" }] });
  });

  it('answers "4" without errors when the request is not a lead at all', async () => {
    const response = await post('{"flowId": ');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "4", message: "The request body is not valid JSON" });
  });

  it('answers "5" for business energy in opening hours, naming its energy buyers and their numbers', async () => {
    const response = await post(energyLead());

    expect(response.json()).toEqual({
      code: "5",
      leadId: expect.any(String),
      buyers: [
        { name: "Daylight Energy", phone: "0113 496 0502" },
        { name: "Second Energy", phone: "0161 496 0503" },
      ],
      outOfHours: false,
      withdrawUrl: expect.stringMatching(/^\/consent\//),
    });
  });

  it('answers "6" for card payments', async () => {
    expect((await post(fixtureLead("take-card-payments"))).json()).toMatchObject({ code: "6", buyers: [{ name: "Test Payments" }] });
  });

  it('answers "7" for home solar', async () => {
    expect((await post(fixtureLead("home-solar"))).json()).toMatchObject({ code: "7", buyers: [{ name: "Test Home Solar" }] });
  });

  it('answers "8" for business energy out of hours, from the out-of-hours buyer alone', async () => {
    clock.set(WEDNESDAY_NIGHT);

    const response = await post(energyLead());

    expect(response.json()).toEqual({ code: "8", leadId: expect.any(String), buyers: [{ name: "Nightshift Energy", phone: "020 7946 0505" }], outOfHours: true, withdrawUrl: expect.stringMatching(/^\/consent\//) });
    expect(await server.storedLead(response.json<{ leadId: string }>().leadId)).toMatchObject({ form_is_time_ooh: 1 });
  });

  it('answers "9" for business solar', async () => {
    expect((await post(fixtureLead("business-solar"))).json()).toMatchObject({ code: "9", buyers: [{ name: "Test Business Solar" }] });
  });

  it('answers "10" for business waste', async () => {
    expect((await post(fixtureLead("business-waste"))).json()).toMatchObject({ code: "10", buyers: [{ name: "Test Waste" }] });
  });

  it('answers "99" for a test-mode lead, which goes to no buyer', async () => {
    const response = await post(energyLead({}, { testMode: true }));

    expect(response.json()).toEqual({ code: "99", leadId: expect.any(String), buyers: [], outOfHours: false, withdrawUrl: expect.stringMatching(/^\/consent\//) });
    expect(await server.withDb((db) => db.selectFrom("deliveries").selectAll().execute())).toEqual([]);
  });

  it('answers "100" for a lead from a campaign listed in FAKE_CAMPAIGN_IDS, kept but sent nowhere', async () => {
    const response = await post(energyLead({}, { tracking: { ads: { campaignid: "999001", gclid: "abc" } } }));

    expect(response.json()).toEqual({ code: "100", leadId: expect.any(String), buyers: [], outOfHours: false, withdrawUrl: expect.stringMatching(/^\/consent\//) });
    expect(await server.storedLead(response.json<{ leadId: string }>().leadId)).toMatchObject({ response_code: "100" });
    expect(await server.withDb((db) => db.selectFrom("deliveries").selectAll().execute())).toEqual([]);
  });
});
