import { afterEach, describe, expect, it } from "vitest";
import { assignVersion } from "../../server/experiments/assignVersion";
import { BROWSER_AGENT, getQuotePage } from "./support/quoteVisits";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  server = await startTestServer(env, false, { quotePages: true });
  return server;
}

/** Posts a body exactly as navigator.sendBeacon does with a Blob typed application/json, with the visit's cookie. */
const beacon = (s: TestServer, payload: unknown, { cookie, contentType = "application/json", remoteAddress = "203.0.113.7" }: { cookie?: string; contentType?: string; remoteAddress?: string } = {}) =>
  s.app.inject({
    method: "POST",
    url: "/api/events",
    headers: { "content-type": contentType, "user-agent": BROWSER_AGENT, ...(cookie ? { cookie } : {}) },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    remoteAddress,
  });

const reached = (s: TestServer) => s.withDb((db) => db.selectFrom("experiment_step_reach").selectAll().orderBy("step_id").execute());

/** A visit served business-water (one version, so every visit is served v1). */
async function visit(s: TestServer): Promise<string> {
  const page = await getQuotePage(s.app, "business-water");
  return page.cookie!;
}

describe("POST /api/events", () => {
  it("counts each step a visit reaches once, however often it is shown, and answers 204 with no body", async () => {
    const s = await start();
    const cookie = await visit(s);

    const answers = [];
    for (const stepId of ["sites", "spend", "sites", "spend", "supplier"]) answers.push(await beacon(s, { flowId: "business-water", version: 1, stepId }, { cookie }));

    expect(answers.map((r) => [r.statusCode, r.body])).toEqual(Array(5).fill([204, ""]));
    expect((await reached(s)).map((r) => r.step_id)).toEqual(["sites", "spend", "supplier"]);
  });

  it("keeps the visit's random id, the flow, the period and the step: no address, no time, nothing else", async () => {
    const s = await start();
    const cookie = await visit(s);

    await beacon(s, { flowId: "business-water", version: 1, stepId: "sites" }, { cookie, remoteAddress: "198.51.100.23" });

    const rows = await reached(s);
    expect(JSON.stringify(rows)).not.toContain("198.51.100.23");
    expect(Object.keys(rows[0]!).sort()).toEqual(["flow_id", "period_id", "step_id", "visit_id"]);
  });

  it.each([
    ["no visit cookie", undefined],
    ["a visit cookie the server did not sign", "_sp_visit=AAAAAAAAAAAAAAAAAAAAAA.forged"],
  ])("refuses a step with %s (403), counting nothing", async (_name, cookie) => {
    const s = await start();

    const response = await beacon(s, { flowId: "business-water", version: 1, stepId: "sites" }, cookie ? { cookie } : {});

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: "3", errors: [{ field: "visit", message: "Steps are counted only for a visit the quote page was served to" }] });
    expect(await reached(s)).toEqual([]);
  });

  it("refuses the steps of a visitor who turned analytics off after being served", async () => {
    const s = await start();
    const cookie = await visit(s);

    const response = await beacon(s, { flowId: "business-water", version: 1, stepId: "spend" }, { cookie: `${cookie}; _sp_consent_chosen=1; _sp_analytics_on=0` });

    expect(response.statusCode).toBe(403);
    // Only the first step, counted as the page was served, before the visitor objected.
    expect((await reached(s)).map((r) => r.step_id)).toEqual(["sites"]);
  });

  it("refuses a step of a version the visit was not served", async () => {
    const s = await start();
    const page = await getQuotePage(s.app, "business-energy");
    const other = page.version === 1 ? 2 : 1;
    const served = await reached(s);

    const response = await beacon(s, { flowId: "business-energy", version: other, stepId: "address" }, { cookie: page.cookie! });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "3", errors: [{ field: "version", message: `This visit was not served version ${other} of "business-energy"` }] });
    expect(await reached(s)).toEqual(served);
  });

  it("agrees with the page on the version: the visit id hashed into the weights", async () => {
    const s = await start();
    const page = await getQuotePage(s.app, "business-energy");
    const visitId = page.cookie!.split("=")[1]!.split(".")[0]!;

    expect(assignVersion(visitId, "business-energy", { "1": 40, "2": 40, "3": 20 }, 1)).toBe(page.version);
  });

  it.each<[string, unknown, Array<{ field: string; message: string }>]>([
    ["a version that is not a whole number", { flowId: "business-water", version: "1", stepId: "sites" }, [{ field: "version", message: "version must be an integer" }]],
    ["a flow id that is not one", { flowId: "../etc", version: 1, stepId: "sites" }, [{ field: "flowId", message: "flowId is not in the expected format" }]],
    ["a step id that is not one", { flowId: "business-water", version: 1, stepId: "<b>" }, [{ field: "stepId", message: "stepId is not in the expected format" }]],
    ["anything beyond the three fields", { flowId: "business-water", version: 1, stepId: "sites", email: "jo@example.com" }, [{ field: "email", message: 'Unknown field "email"' }]],
    ["a missing step", { flowId: "business-water", version: 1 }, [{ field: "stepId", message: "stepId is required" }]],
    ["an event of the old kind", { flowId: "business-water", version: 2, event: "lead" }, [{ field: "stepId", message: "stepId is required" }, { field: "event", message: 'Unknown field "event"' }]],
    ["a flow the catalogue does not have", { flowId: "business-gold", version: 1, stepId: "sites" }, [{ field: "flowId", message: 'Unknown quote form "business-gold"' }]],
    ["a version the flow does not have", { flowId: "business-water", version: 7, stepId: "sites" }, [{ field: "version", message: 'Quote form "business-water" has no version 7' }]],
    ["a step the version does not have", { flowId: "business-energy", version: 1, stepId: "sites" }, [{ field: "stepId", message: 'Quote form "business-energy" version 1 has no step "sites"' }]],
  ])("refuses %s with a 400 that says what is wrong, and counts nothing", async (_name, body, errors) => {
    const s = await start();
    const cookie = await visit(s);
    const served = await reached(s);

    const response = await beacon(s, body, { cookie });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "3", errors });
    expect(await reached(s)).toEqual(served);
  });

  it.each([
    ["text/plain, which a cross-site form can post", "text/plain", 415],
    ["JSON with a charset", "application/json; charset=utf-8", 204],
  ])("answers a body sent as %s with %i", async (_name, contentType, status) => {
    const s = await start();
    const cookie = await visit(s);

    const response = await beacon(s, { flowId: "business-water", version: 1, stepId: "sites" }, { cookie, contentType });

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
    const cookie = await visit(s);
    const event = { flowId: "business-water", version: 1, stepId: "sites" };

    const statuses = [];
    for (let n = 0; n < 11; n++) statuses.push((await beacon(s, event, { cookie })).statusCode);
    const otherClient = await beacon(s, event, { cookie, remoteAddress: "198.51.100.9" });
    const newsletter = await s.app.inject({ method: "POST", url: "/api/newsletter", remoteAddress: "203.0.113.7", payload: { email: "a@example.com", consentText: "Yes" } });

    expect(statuses).toEqual([...Array(10).fill(204), 429]);
    expect(otherClient.statusCode).toBe(204);
    expect(newsletter.statusCode).toBe(200);
    expect(await reached(s)).toHaveLength(1);
  });
});
