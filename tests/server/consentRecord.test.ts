import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eraseContact } from "../../server/storage/erasureStore";
import { FIXTURE_CONSENT, fixtureLead } from "./support/pipelineFixtures";
import { startPipelineServer, testClock, WEDNESDAY_MORNING, type PipelineServer } from "./support/pipelineServer";

let server: PipelineServer;
beforeEach(async () => {
  server = await startPipelineServer({ now: testClock(WEDNESDAY_MORNING).now });
});
afterEach(async () => {
  await server.close();
});

async function post(payload: object): Promise<{ code: string; leadId: string; buyers: unknown[] }> {
  return (await server.app.inject({ method: "POST", url: "/api/leads", payload })).json();
}
const deliveries = () => server.withDb((db) => db.selectFrom("deliveries").select(["lead_id", "buyer_name"]).execute());

describe("consent on record", () => {
  it("stores the wording beside the submit button, the privacy notice version and the partners named, with the time", async () => {
    const { leadId } = await post(fixtureLead("business-waste", {}, { contactConsent: { wording: FIXTURE_CONSENT, privacyNoticeVersion: "2026-02", buyers: ["Test Waste"] } }));

    expect(await server.storedLead(leadId)).toMatchObject({
      consent_wording: FIXTURE_CONSENT,
      privacy_notice_version: "2026-02",
      consented_buyers: '["Test Waste"]',
      consented_at: "2026-03-04T11:00:00.000Z",
    });
  });

  it("gives a lead only to the partners it named, however many others could take it", async () => {
    const { leadId, buyers } = await post(fixtureLead("business-energy", {}, { contactConsent: { wording: FIXTURE_CONSENT, buyers: ["Second Energy"] } }));

    expect(buyers).toEqual([{ name: "Second Energy", phone: "0161 496 0503" }]);
    expect(await deliveries()).toEqual([{ lead_id: leadId, buyer_name: "Second Energy" }]);
  });

  it("keeps a lead from a page that named no partners, with the flow's own wording, and sends it to nobody", async () => {
    const { code, leadId } = await post(fixtureLead("business-energy", {}, { contactConsent: undefined }));

    expect(code).toBe("1");
    expect(await server.storedLead(leadId)).toMatchObject({ consent_wording: FIXTURE_CONSENT, consented_buyers: null, routing_note: expect.stringContaining("named no partners") });
    expect(await deliveries()).toEqual([]);
  });

  it("holds a lead from someone who asked to be erased, delivering it to nobody", async () => {
    await server.withDb((db) => eraseContact(db, "phone", "+44 20 7946 0000", new Date()));

    const { code, leadId } = await post(fixtureLead("business-energy"));

    expect(code).toBe("0");
    expect(await server.storedLead(leadId)).toMatchObject({ routing_note: expect.stringContaining("erased") });
    expect(await deliveries()).toEqual([]);
  });
});
