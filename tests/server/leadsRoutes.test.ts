import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { businessEnergyV1, startTestServer, type TestServer } from "./testServer";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

function postLead(payload: object) {
  return server.app.inject({ method: "POST", url: "/api/leads", payload });
}

describe("POST /api/leads", () => {
  it("stores a valid business energy lead and answers code 1 with its id", async () => {
    const response = await postLead(businessEnergyV1());

    expect(response.statusCode).toBe(200);
    const body = response.json<{ code: string; leadId: string }>();
    // The page named no partners, so the lead is kept for no buyer: success for the visitor all the same.
    expect(body).toEqual({ code: "1", leadId: expect.any(String), buyers: [], outOfHours: false, withdrawUrl: expect.stringMatching(/^\/consent\//) });

    const row = await server.storedLead(body.leadId);
    expect(row).toMatchObject({
      flow_id: "business-energy",
      flow_version: 1,
      product_type: "businessEnergy",
      service_type: "business-energy",
      test_mode: 0,
      response_code: "1",
      first_name: "Jane Q",
      last_name: "Smith",
      email: "jane.smith@example.com",
      phone: "+441134960000",
      postcode: "LS1 4DY",
    });
    const answers = JSON.parse(row!.answers);
    expect(answers).toMatchObject({ spendString: "between1000And5000", spend: 1000, firstName: "Jane Q", lastName: "Smith", utility: "both" });
    expect(JSON.parse(row!.tracking)).toEqual({ utm: { utm_source: "google", utm_campaign: "spring" } });
    expect(JSON.parse(row!.consent)).toEqual({ analytics: true, marketing: false });
    expect(Date.parse(row!.created_at)).not.toBeNaN();
  });

  it("answers code 99 for a test-mode lead and stores it marked as a test", async () => {
    const response = await postLead(businessEnergyV1({}, { testMode: true }));

    expect(response.statusCode).toBe(200);
    const { code, leadId } = response.json<{ code: string; leadId: string }>();
    expect(code).toBe("99");
    expect(await server.storedLead(leadId)).toMatchObject({ test_mode: 1, response_code: "99" });
  });

  it("accepts the other version of the form, which asks for the address first", async () => {
    const { answers } = businessEnergyV1();
    const response = await postLead({ flowId: "business-energy", version: 2, answers });

    const { code, leadId } = response.json<{ code: string; leadId: string }>();
    expect(code).toBe("1");
    expect(await server.storedLead(leadId)).toMatchObject({ flow_version: 2 });
  });

  it("rejects phone 123 with the spec's phone message and stores nothing", async () => {
    const response = await postLead(businessEnergyV1({ phone: "123" }));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "3",
      errors: [
        { field: "phone", step: "contact", message: "Please enter a valid UK phone number so we can contact you with a quote" },
      ],
    });
    expect(await server.leadCount()).toBe(0);
  });

  it("drops answers to steps off the path: a gas-only lead keeps no meter answer", async () => {
    const response = await postLead(businessEnergyV1({ utility: "gas", hasHalfHourlyMeter: "yes" }));

    const { leadId } = response.json<{ leadId: string }>();
    const answers = JSON.parse((await server.storedLead(leadId))!.answers);
    expect(answers.utility).toBe("gas");
    expect(answers).not.toHaveProperty("hasHalfHourlyMeter");
  });

  it("ignores derived fields a visitor sends and derives them from the answers", async () => {
    const response = await postLead(businessEnergyV1({ spend: 7, firstName: "Mallory" }));

    const { leadId } = response.json<{ leadId: string }>();
    expect(JSON.parse((await server.storedLead(leadId))!.answers)).toMatchObject({ spend: 1000, firstName: "Jane Q" });
  });

  const megabyte = "x".repeat(1024 * 1024);

  interface BadRequestCase {
    name: string;
    request: { payload: string | object; headers?: Record<string, string> };
    status: number;
    body: unknown;
  }

  it.each<BadRequestCase>([
    {
      name: "malformed JSON",
      request: { payload: '{"flowId": "business-energy",', headers: { "content-type": "application/json" } },
      status: 400,
      body: { code: "4", message: "The request body is not valid JSON" },
    },
    {
      name: "a body of 1 MB",
      request: { payload: businessEnergyV1({ businessName: megabyte }) },
      status: 413,
      body: { code: "4", message: "The request is too large" },
    },
    {
      name: "a form-encoded body",
      request: { payload: "flowId=business-energy", headers: { "content-type": "application/x-www-form-urlencoded" } },
      status: 415,
      body: { code: "4", message: expect.stringContaining("application/json") },
    },
    {
      name: "a plain-text body",
      request: { payload: JSON.stringify(businessEnergyV1()), headers: { "content-type": "text/plain" } },
      status: 415,
      body: { code: "4", message: expect.stringContaining("application/json") },
    },
    {
      name: "missing answers",
      request: { payload: { flowId: "business-energy", version: 1 } },
      status: 400,
      body: { code: "3", errors: [{ field: "answers", message: "answers is required" }] },
    },
    {
      name: "version as a string",
      request: { payload: businessEnergyV1({}, { version: "1" }) },
      status: 400,
      body: { code: "3", errors: [{ field: "version", message: "version must be an integer" }] },
    },
    {
      name: "an unknown flow",
      request: { payload: businessEnergyV1({}, { flowId: "business-coal" }) },
      status: 400,
      body: { code: "3", errors: [{ field: "flowId", message: 'Unknown quote form "business-coal"' }] },
    },
    {
      name: "an unknown version",
      request: { payload: businessEnergyV1({}, { version: 7 }) },
      status: 400,
      body: { code: "3", errors: [{ field: "version", message: 'Quote form "business-energy" has no version 7' }] },
    },
    {
      name: "an answer that is not one of the step's options",
      request: { payload: businessEnergyV1({ utility: "coal" }) },
      status: 400,
      body: { code: "3", errors: [{ field: "utility", step: "utility", message: "Energy type is invalid" }] },
    },
    {
      name: "an unknown answer key",
      request: { payload: businessEnergyV1({ colour: "red" }) },
      status: 400,
      body: { code: "3", errors: [{ field: "colour", message: 'Unknown field "colour"' }] },
    },
    {
      name: "an unknown envelope key",
      request: { payload: businessEnergyV1({}, { price: 10 }) },
      status: 400,
      body: { code: "3", errors: [{ field: "price", message: 'Unknown field "price"' }] },
    },
    {
      name: "a path that stops before the submit step",
      request: { payload: { flowId: "business-energy", version: 1, answers: { utility: "electricity" } } },
      status: 400,
      body: { code: "3", errors: [{ field: "spendString", step: "spend", message: "Spend is required" }] },
    },
    {
      name: "a JSON array instead of an object",
      request: { payload: "[]", headers: { "content-type": "application/json" } },
      status: 400,
      body: { code: "3", errors: [{ field: "body", message: "body must be an object" }] },
    },
  ])("refuses $name with a clear 4xx and stores nothing", async ({ request, status, body }) => {
    const response = await server.app.inject({ method: "POST", url: "/api/leads", ...request });

    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(body);
    expect(await server.leadCount()).toBe(0);
  });

  it("never lists leads back over HTTP", async () => {
    await postLead(businessEnergyV1());

    const response = await server.app.inject({ method: "GET", url: "/api/leads" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("example.com");
  });
});
