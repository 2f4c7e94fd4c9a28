import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixtureLead } from "./support/pipelineFixtures";
import { startPipelineServer, testClock, WEDNESDAY_MORNING, type PipelineServer, type TestClock } from "./support/pipelineServer";

let server: PipelineServer;
let clock: TestClock;
beforeEach(async () => {
  clock = testClock(WEDNESDAY_MORNING);
  server = await startPipelineServer({ now: clock.now, env: { DUPLICATE_WINDOW_HOURS: "24" } });
});
afterEach(async () => {
  await server.close();
});

async function post(payload: object): Promise<{ code: string; leadId: string }> {
  return (await server.app.inject({ method: "POST", url: "/api/leads", payload })).json();
}

describe("de-duplication", () => {
  it("answers 2 for the same phone on the same service, and records the repeat without delivering it", async () => {
    const first = await post(fixtureLead("business-waste"));

    const repeat = await post(fixtureLead("business-waste", { email: "new.address@example.com", customerName: "Samuel Okafor" }));

    expect(repeat.code).toBe("2");
    expect(await server.storedLead(repeat.leadId)).toMatchObject({ response_code: "2", duplicate_of: first.leadId });
    const deliveries = await server.withDb((db) => db.selectFrom("deliveries").select("lead_id").execute());
    expect(deliveries.map((d) => d.lead_id)).toEqual([first.leadId]);
  });

  it("answers 2 for the same e-mail with another phone, whatever its case", async () => {
    await post(fixtureLead("business-waste"));

    expect((await post(fixtureLead("business-waste", { phone: "0161 496 0000", email: "SAM@Example.com" }))).code).toBe("2");
  });

  it("knows a number however it is written: 020 7946 0000 and +44 20 7946 0000 are the same", async () => {
    await post(fixtureLead("business-waste"));

    expect((await post(fixtureLead("business-waste", { phone: "+44 20 7946 0000", email: "x@example.com" }))).code).toBe("2");
  });

  it("routes the same person's lead for another service as usual", async () => {
    await post(fixtureLead("business-waste"));

    expect((await post(fixtureLead("business-solar"))).code).toBe("9");
  });

  it("routes the same person again once DUPLICATE_WINDOW_HOURS has passed", async () => {
    await post(fixtureLead("business-waste"));
    clock.advance(23 * 3_600_000);
    expect((await post(fixtureLead("business-waste"))).code).toBe("2");

    clock.advance(2 * 3_600_000);
    expect((await post(fixtureLead("business-waste"))).code).toBe("10");
  });

  it("lets exactly one of five identical leads sent at once through", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(fixtureLead("business-waste"))));

    expect(answers.map((a) => a.code).sort()).toEqual(["10", "2", "2", "2", "2"]);
  });

  it("does not count a test-mode lead as the first of a pair", async () => {
    await post(fixtureLead("business-waste", {}, { testMode: true }));

    expect((await post(fixtureLead("business-waste"))).code).toBe("10");
  });
});
