import { afterEach, describe, expect, it } from "vitest";
import { funnelCounts } from "../../server/storage/funnelStore";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(env: Record<string, string> = {}, now = "2026-03-04T11:00:00Z"): Promise<TestServer> {
  server = await startTestServer(env, false, { now: () => new Date(now) });
  return server;
}

/** Posts a body exactly as navigator.sendBeacon does with a Blob typed application/json. */
const beacon = (s: TestServer, payload: unknown, contentType = "application/json", remoteAddress = "203.0.113.7") =>
  s.app.inject({ method: "POST", url: "/api/events", headers: { "content-type": contentType }, payload: typeof payload === "string" ? payload : JSON.stringify(payload), remoteAddress });

const rows = (s: TestServer) => s.withDb((db) => db.selectFrom("funnel_daily_counts").selectAll().orderBy("event").orderBy("step_id").execute());


describe("POST /api/events", () => {
  it("counts each event type per London day, flow, version and step, and answers 204 with no body", async () => {
    const s = await start();
    const sent = [
      { flowId: "business-energy", version: 2, event: "step", stepId: "address" },
      { flowId: "business-energy", version: 2, event: "start" },
      { flowId: "business-energy", version: 2, event: "step", stepId: "utility" },
      { flowId: "business-energy", version: 2, event: "step", stepId: "utility" },
      { flowId: "business-energy", version: 2, event: "submit" },
      { flowId: "business-energy", version: 2, event: "lead" },
    ];

    const answers = [];
    for (const event of sent) answers.push(await beacon(s, event));

    expect(answers.map((r) => [r.statusCode, r.body])).toEqual(sent.map(() => [204, ""]));
    expect(await rows(s)).toEqual([
      { day: "2026-03-04", flow_id: "business-energy", flow_version: 2, step_id: "", event: "lead", count: 1 },
      { day: "2026-03-04", flow_id: "business-energy", flow_version: 2, step_id: "", event: "start", count: 1 },
      { day: "2026-03-04", flow_id: "business-energy", flow_version: 2, step_id: "address", event: "step", count: 1 },
      { day: "2026-03-04", flow_id: "business-energy", flow_version: 2, step_id: "utility", event: "step", count: 2 },
      { day: "2026-03-04", flow_id: "business-energy", flow_version: 2, step_id: "", event: "submit", count: 1 },
    ]);
  });

  it.each([
    ["a winter evening", "2026-01-15T23:30:00Z", "2026-01-15"],
    ["half past midnight in British Summer Time", "2026-07-04T23:30:00Z", "2026-07-05"],
  ])("counts an event on the day London's clocks show (%s)", async (_name, now, day) => {
    const s = await start({}, now);

    await beacon(s, { flowId: "business-water", version: 1, event: "start" });

    expect((await rows(s)).map((r) => r.day)).toEqual([day]);
  });

  it("keeps only counts: no address, no time of day, nothing sent beyond the four fields", async () => {
    const s = await start();

    await beacon(s, { flowId: "business-water", version: 1, event: "step", stepId: "sites" }, "application/json", "198.51.100.23");

    const stored = JSON.stringify(await rows(s));
    expect(stored).not.toContain("198.51.100.23");
    expect(Object.keys((await rows(s))[0]!).sort()).toEqual(["count", "day", "event", "flow_id", "flow_version", "step_id"]);
  });

  it.each<[string, unknown, Array<{ field: string; message: string }>]>([
    ["an unknown event type", { flowId: "business-water", version: 1, event: "click" }, [{ field: "event", message: "event must be one of start, step, submit, lead" }]],
    ["a version that is not a whole number", { flowId: "business-water", version: "1", event: "start" }, [{ field: "version", message: "version must be an integer" }]],
    ["a flow id that is not one", { flowId: "../etc", version: 1, event: "start" }, [{ field: "flowId", message: "flowId is not in the expected format" }]],
    ["a step id that is not one", { flowId: "business-water", version: 1, event: "step", stepId: "<b>" }, [{ field: "stepId", message: "stepId is not in the expected format" }]],
    ["anything beyond the four fields", { flowId: "business-water", version: 1, event: "start", email: "jo@example.com" }, [{ field: "email", message: 'Unknown field "email"' }]],
    ["a missing flow", { version: 1, event: "start" }, [{ field: "flowId", message: "flowId is required" }]],
    ["a step event without its step", { flowId: "business-water", version: 1, event: "step" }, [{ field: "stepId", message: "A step event names the step shown in stepId" }]],
    ["a step on a start event", { flowId: "business-water", version: 1, event: "start", stepId: "sites" }, [{ field: "stepId", message: "Only a step event names a step; leave stepId out of a start event" }]],
    ["a flow the catalogue does not have", { flowId: "business-gold", version: 1, event: "start" }, [{ field: "flowId", message: 'Unknown quote form "business-gold"' }]],
    ["a version the flow does not have", { flowId: "business-water", version: 7, event: "start" }, [{ field: "version", message: 'Quote form "business-water" has no version 7' }]],
    ["a step the version does not have", { flowId: "business-energy", version: 1, event: "step", stepId: "sites" }, [{ field: "stepId", message: 'Quote form "business-energy" version 1 has no step "sites"' }]],
  ])("refuses %s with a 400 that says what is wrong, and counts nothing", async (_name, body, errors) => {
    const s = await start();

    const response = await beacon(s, body);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "3", errors });
    expect(await rows(s)).toEqual([]);
  });

  it.each([
    ["text/plain, which a cross-site form can post", "text/plain", 415],
    ["JSON with a charset", "application/json; charset=utf-8", 204],
  ])("answers a body sent as %s with %i", async (_name, contentType, status) => {
    const s = await start();

    const response = await beacon(s, { flowId: "business-water", version: 1, event: "start" }, contentType);

    expect(response.statusCode).toBe(status);
  });

  it("refuses a body that is not JSON with a 400", async () => {
    const s = await start();

    const response = await beacon(s, "{ not json");

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "4", message: "The request body is not valid JSON" });
  });

  it("rate-limits beacons per client on their own budget, five times RATE_LIMIT_MAX, without using up the client's leads", async () => {
    const s = await start({ RATE_LIMIT_MAX: "2" });
    const event = { flowId: "business-water", version: 1, event: "start" };

    const statuses = [];
    for (let n = 0; n < 11; n++) statuses.push((await beacon(s, event)).statusCode);
    const otherClient = await beacon(s, event, "application/json", "198.51.100.9");
    const newsletter = await s.app.inject({ method: "POST", url: "/api/newsletter", remoteAddress: "203.0.113.7", payload: { email: "a@example.com", consentText: "Yes" } });

    expect(statuses).toEqual([...Array(10).fill(204), 429]);
    expect(otherClient.statusCode).toBe(204);
    expect(newsletter.statusCode).toBe(200);
    expect(await s.withDb((db) => funnelCounts(db, "business-water"))).toEqual([{ version: 1, stepId: "", event: "start", count: 11 }]);
  });
});
