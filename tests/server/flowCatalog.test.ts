import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../server/config";
import { assignVisit } from "../../server/experiments/assignVersion";
import { currentPeriod } from "../../server/experiments/experimentPeriod";
import { loadFlowCatalog } from "../../server/flowCatalog";
import { businessEnergyV1, makeTempDir, removeTempDir, startTestServer, type TestServer } from "./testServer";

let dir: string;
let formsDir: string;
let server: TestServer | undefined;
beforeEach(async () => {
  dir = await makeTempDir("switchplan-forms-");
  formsDir = path.join(dir, "forms");
  await cp(path.join(repoRoot, "forms"), formsDir, { recursive: true });
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await removeTempDir(dir);
});

const v1File = () => path.join(formsDir, "business-energy", "v1.json");

async function editJson(file: string, edit: (doc: Record<string, unknown>) => void): Promise<void> {
  const doc = JSON.parse(await readFile(file, "utf8"));
  edit(doc);
  await writeFile(file, JSON.stringify(doc, null, 2));
}

const stepOf = (doc: Record<string, unknown>, id: string) => (doc.steps as Array<Record<string, unknown>>).find((s) => s.id === id)!;

/** A server over the scratch forms, with every log line kept. */
async function start(): Promise<{ server: TestServer; logs: Array<{ level: number; msg: string }> }> {
  const logs: Array<{ level: number; msg: string }> = [];
  const stream = { write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }) };
  server = await startTestServer({ FORMS_DIR: formsDir }, { level: "warn", stream });
  return { server, logs };
}

describe("a server started with a broken flow", () => {
  beforeEach(async () => {
    await editJson(v1File(), (doc) => (stepOf(doc, "meter").next = "contrakt"));
    await writeFile(path.join(formsDir, "business-energy", "split.json"), JSON.stringify({ default: 1, weights: { "1": 100 } }));
    await rm(path.join(formsDir, "business-energy", "v2.json"));
    await rm(path.join(formsDir, "business-energy", "v3.json"));
  });

  it("starts, and logs the finding loudly with its file, step and fix", async () => {
    const { logs } = await start();

    const errors = logs.filter((l) => l.level >= 50).map((l) => l.msg);
    expect(errors).toContainEqual(expect.stringContaining('forms/business-energy/v1.json: step "meter": next names unknown step "contrakt" (unknown-step)'));
    expect(errors).toContainEqual(expect.stringContaining('fix: did you mean "contract"?'));
    expect(errors).toContainEqual(expect.stringMatching(/business-energy is NOT SERVED/));
  });

  it("reports the flow in /api/health while answering 200", async () => {
    const { server } = await start();

    const response = await server.app.inject({ method: "GET", url: "/api/health" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "degraded",
      flows: {
        errors: [expect.stringMatching(/forms\/business-energy\/v1\.json: step "meter": next names unknown step "contrakt"$/)],
        unavailable: ["business-energy"],
        unserved: [],
      },
    });
  });

  it("answers the flow's quote page with the helpful page, and every other flow's as usual", async () => {
    const { server } = await start();

    const broken = await server.app.inject({ method: "GET", url: "/quote/business-energy/?v=1" });
    expect(broken.statusCode).toBe(503);
    expect(broken.headers["cache-control"]).toBe("no-store");
    expect(broken.body).toContain("Something has gone wrong. Please try again.");
    // Without a built site the API answers the rest with its 404; the built site's pages are checked in tests/build.
    expect((await server.app.inject({ method: "GET", url: "/quote/business-water/" })).statusCode).toBe(404);
  });

  it("refuses its leads as its own fault, and takes every other flow's", async () => {
    const { server } = await start();

    const refused = await server.app.inject({ method: "POST", url: "/api/leads", payload: businessEnergyV1() });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ code: "4", message: "Something has gone wrong. Please try again." });
    expect(await server.leadCount()).toBe(0);
  });
});

describe("the flow catalogue", () => {
  it("gives each flow's default version from split.json", async () => {
    await writeFile(path.join(formsDir, "business-energy", "split.json"), JSON.stringify({ default: 2, weights: { "1": 0, "2": 100 } }));

    const flows = loadFlowCatalog(formsDir);

    expect(flows.defaultVersion("business-energy")).toBe(2);
    expect(flows.getFlow("business-energy", 2)?.start).toBe("address");
    expect(flows.getFlow("business-energy", 9)).toBeUndefined();
    expect(flows.defaultVersion("business-coal")).toBeUndefined();
  });

  it("falls back to the lowest version when a flow has no split.json", async () => {
    await rm(path.join(formsDir, "business-energy", "split.json"));

    expect(loadFlowCatalog(formsDir).defaultVersion("business-energy")).toBe(1);
  });

  it("serves the other versions when the default's file is broken, the default falling back to the largest share", async () => {
    await writeFile(path.join(formsDir, "business-energy", "split.json"), JSON.stringify({ $schema: "../../schemas/split.schema.json", default: 1, weights: { "1": 50, "2": 20, "3": 30 } }));
    await writeFile(v1File(), "{ not json");

    const flows = loadFlowCatalog(formsDir);

    expect(flows.getFlow("business-energy", 1)).toBeUndefined();
    expect(flows.isBroken("business-energy", 1)).toBe(true);
    expect(flows.defaultVersion("business-energy")).toBe(3);
    expect(flows.corpus().flows.find((f) => f.id === "business-energy")!.weights).toEqual({ "2": 20, "3": 30 });
  });

  it("keeps serving the last good copy of a file that breaks after it was read", async () => {
    const flows = loadFlowCatalog(formsDir);
    await editJson(v1File(), (doc) => (stepOf(doc, "meter").next = "contrakt"));

    flows.reload();

    expect(JSON.stringify(flows.getFlow("business-energy", 1)?.steps.find((s) => s.id === "meter"))).not.toContain("contrakt");
    expect(flows.corpus().findings.map((f) => f.rule)).toEqual(["unknown-step"]);
    expect(flows.corpus().flows.find((f) => f.id === "business-energy")!.versions[0]).toMatchObject({ broken: true, stale: true });
  });

  it("keeps the last good split and its experiment period when split.json breaks after it was read", async () => {
    const flows = loadFlowCatalog(formsDir);
    const energy = () => flows.corpus().flows.find((f) => f.id === "business-energy")!;
    const before = currentPeriod(energy())!;
    const visits = ["a", "b", "c", "d", "e", "f", "g", "h"].map((visitId) => assignVisit(energy(), visitId)!.version);
    await writeFile(path.join(formsDir, "business-energy", "split.json"), JSON.stringify({ default: 1, weights: { "1": 50, "2": 40 } }));

    flows.reload();

    expect(energy()).toMatchObject({ weights: { "1": 40, "2": 40, "3": 20 }, defaultVersion: 1, splitHeldBack: "lastGood" });
    expect(currentPeriod(energy())).toEqual(before);
    expect(["a", "b", "c", "d", "e", "f", "g", "h"].map((visitId) => assignVisit(energy(), visitId)!.version)).toEqual(visits);
    expect(flows.corpus().findings.map((f) => f.message)).toEqual([
      "the weights add up to 90, not 100; visitors are still split by the last good split.json (v1 40%, v2 40%, v3 20%; default v1) until it is fixed",
    ]);
  });

  it("gives every visitor the default and compares no versions when it starts with a broken split.json", async () => {
    await writeFile(path.join(formsDir, "business-energy", "split.json"), JSON.stringify({ default: 2, weights: { "1": 50, "2": 40 } }));

    const flow = loadFlowCatalog(formsDir).corpus().flows.find((f) => f.id === "business-energy")!;

    expect(flow).toMatchObject({ weights: { "2": 100 }, defaultVersion: 2, splitHeldBack: "defaultOnly" });
    expect(currentPeriod(flow)!.weights).toEqual({ "2": 100 });
    expect(["a", "b", "c", "d"].map((visitId) => assignVisit(flow, visitId)!.version)).toEqual([2, 2, 2, 2]);
  });

  it("treats folders without versions as data, not flows", async () => {
    await mkdir(path.join(formsDir, "deals"), { recursive: true });
    await writeFile(path.join(formsDir, "deals", "broadband.json"), "[]");

    expect(loadFlowCatalog(formsDir).hasFlow("deals")).toBe(false);
  });

  it("names the forms folder when it cannot be read", () => {
    expect(() => loadFlowCatalog(path.join(dir, "nowhere"))).toThrow(/Cannot read the forms folder .*nowhere/);
  });
});
