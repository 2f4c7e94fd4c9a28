/**
 * A flow with two branches, each ending in its own submit step with its own consent wording: the lead the page
 * sends (site/quote/flowServices.ts, through leadEnvelope) and the lead the server stores carry the wording of
 * the branch the visitor took, not the first submit step in the document.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createFlowServices } from "../../site/quote/flowServices";
import { twoBranchFlow } from "../fixtures/twoBranchFlow";
import { startTestServer, makeTempDir, removeTempDir, type TestServer } from "./testServer";

const GAS_WORDING = "Gas: by selecting Send you agree that we may pass your details to the partners named.";
const ELECTRICITY_WORDING = "Electricity: by selecting Send you agree that we may pass your details to the partners named.";

const flow = twoBranchFlow("fixture-two-branches", { gas: GAS_WORDING, electricity: ELECTRICITY_WORDING }, ["customerName", "phone", "email"]);

let server: TestServer;
let dir: string;
beforeAll(async () => {
  dir = await makeTempDir();
  await mkdir(path.join(dir, flow.id), { recursive: true });
  await writeFile(path.join(dir, flow.id, "v1.json"), JSON.stringify(flow));
  server = await startTestServer({ FORMS_DIR: dir });
  // The page's requests go to the server in this process, as a browser's would go to it over HTTP.
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = (init.method ?? "GET") as "GET" | "POST";
    const response = await server.app.inject({ method, url, headers: { "content-type": "application/json" }, ...(init.body ? { payload: String(init.body) } : {}) });
    return new Response(response.body, { status: response.statusCode, headers: { "content-type": "application/json" } });
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
  await removeTempDir(dir);
});

const visitor = (n: number) => ({ customerName: "Sam Okafor", phone: `020 7946 01${n}0`, email: `sam${n}@example.com` });

describe("the consent of the branch taken", () => {
  it.each([
    ["gas", GAS_WORDING, 1],
    ["electricity", ELECTRICITY_WORDING, 2],
  ] as const)("is sent by the page and stored on the %s branch, with the partners it named", async (utility, wording, n) => {
    const services = createFlowServices(() => ({ testMode: false }), () => undefined, () => flow.path);
    const partners = await services.loadPartners(flow);

    const { code, leadId } = await services.submitLead(flow, { utility, ...visitor(n) });

    expect(code).not.toMatch(/^[34]$/);
    const stored = await server.storedLead(leadId!);
    const expected = partners.length ? `${wording} Your details may go to: ` : wording;
    expect(stored?.consent_wording?.startsWith(expected)).toBe(true);
  });

  it.each([
    ["gas", GAS_WORDING, 3],
    ["electricity", ELECTRICITY_WORDING, 4],
  ] as const)("is the server's own record on the %s branch when the page sent no wording", async (utility, wording, n) => {
    const response = await server.app.inject({ method: "POST", url: "/api/leads", payload: { flowId: flow.id, version: 1, answers: { utility, ...visitor(n) } } });

    expect((await server.storedLead(response.json<{ leadId: string }>().leadId))?.consent_wording).toBe(wording);
  });
});
