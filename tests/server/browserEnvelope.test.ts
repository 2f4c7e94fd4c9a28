import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAjv } from "../../engine/node/validation";
import type { FlowDocument } from "../../engine/core/types";
import { leadEnvelope } from "../../site/quote/leadEnvelope";
import { FIXTURE_CONSENT, writeFixtureForms } from "./support/pipelineFixtures";
import { startPipelineServer, testClock, WEDNESDAY_MORNING, type PipelineServer } from "./support/pipelineServer";
import { makeTempDir, removeTempDir } from "./testServer";

let flow: FlowDocument;
let dir: string;
beforeAll(async () => {
  dir = await makeTempDir();
  flow = JSON.parse(await readFile(path.join(await writeFixtureForms(dir), "fixture-business-waste", "v1.json"), "utf8")) as FlowDocument;
});
afterAll(async () => {
  await removeTempDir(dir);
});

const answers = { customerName: "Sam Okafor", phone: "020 7946 0000", email: "sam@example.com", postcode: "M1 1AE", businessName: "" };

describe("what the browser sends (site/quote/leadEnvelope.ts)", () => {
  it("sends the start token, the consent wording beside the submit button, and the partners named", () => {
    const envelope = leadEnvelope(flow, answers, { testMode: false, startToken: "signed-start", buyers: ["Test Waste"], privacyNoticeVersion: "2026-02" });

    expect(envelope).toEqual({
      flowId: "fixture-business-waste",
      version: 1,
      answers: { customerName: "Sam Okafor", phone: "020 7946 0000", email: "sam@example.com", postcode: "M1 1AE" },
      startToken: "signed-start",
      contactConsent: { wording: FIXTURE_CONSENT, privacyNoticeVersion: "2026-02", buyers: ["Test Waste"] },
    });
    expect(createAjv().validate("lead.schema.json", envelope)).toBe(true);
  });

  it("sends no start token or partner list it was not given", () => {
    const envelope = leadEnvelope(flow, answers, { testMode: true });

    expect(envelope).not.toHaveProperty("startToken");
    expect(envelope.contactConsent).toEqual({ wording: FIXTURE_CONSENT });
    expect(envelope.testMode).toBe(true);
  });

  it("sends the honeypot's value when the page hands one over", () => {
    expect(leadEnvelope(flow, answers, { testMode: false, honeypot: "https://spam.example" }).honeypot).toBe("https://spam.example");
    expect(leadEnvelope(flow, answers, { testMode: false })).not.toHaveProperty("honeypot");
  });
});

describe("the server takes what the browser sends", () => {
  let server: PipelineServer;
  const clock = testClock(WEDNESDAY_MORNING);
  beforeAll(async () => {
    server = await startPipelineServer({ env: { OPENING_HOURS: "always", MIN_FILL_MS: "3000" }, now: clock.now });
  });
  afterAll(async () => {
    await server.close();
  });

  it("stores and routes a lead built by leadEnvelope, with the start token it was handed a while before", async () => {
    const { token } = (await server.app.inject({ method: "GET", url: "/api/start-token" })).json<{ token: string }>();
    clock.advance(60_000);
    const envelope = leadEnvelope(flow, answers, { testMode: false, startToken: token, buyers: ["Test Waste"] });

    const response = await server.app.inject({ method: "POST", url: "/api/leads", payload: envelope });

    expect(response.json()).toMatchObject({ code: "10", buyers: [{ name: "Test Waste" }] });
  });
});
