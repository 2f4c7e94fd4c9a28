/**
 * SPEC §8: the error catalogue through the server (the browser's side of each message, the error summary, the
 * empty lookup and the unknown failure, runs in the end-to-end suite and in tests/unit/react).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessEnergyV1, startTestServer, type TestServer } from "../server/testServer";
import * as spec from "./specEnumerations";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const postLead = (answers: Record<string, unknown>) => server.app.inject({ method: "POST", url: "/api/leads", payload: businessEnergyV1(answers) });

describe("§8 error catalogue", () => {
  it("answers a bad phone with the spec's phone message", async () => {
    const response = await postLead({ phone: "123" });
    expect(response.json().errors).toContainEqual(expect.objectContaining({ field: "phone", message: spec.MESSAGES.badPhone }));
  });

  it("answers a required field left out with its name and is required", async () => {
    const response = await postLead({ businessName: undefined });
    expect(response.json().errors).toContainEqual(expect.objectContaining({ field: "businessName", message: `Business name ${spec.MESSAGES.required}` }));
  });

  it("answers an invalid field with its name and is invalid", async () => {
    const response = await postLead({ email: "not an address" });
    expect(response.json().errors).toContainEqual(expect.objectContaining({ field: "email", message: `Email ${spec.MESSAGES.invalid}` }));
  });

  it("answers a postcode that is not one with its name and is invalid", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/addresses?postcode=not-a-postcode" });
    expect(response.json()).toEqual({ message: `Postcode ${spec.MESSAGES.invalid}` });
  });
});
