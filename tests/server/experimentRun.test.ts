/**
 * A scripted run of visits through the real server: pages served, steps beaconed, leads posted with the visit's
 * cookie; then the report read from the database, as `npm run report:funnel -- business-energy` would print it.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFlowCorpus } from "../../engine/node/formsFolder";
import { repoRoot } from "../../server/config";
import { analyseExperiment, type ExperimentReport } from "../../server/experiments/experimentReport";
import { loadExperimentCounts } from "../../server/storage/experimentStore";
import { reportFromDatabase } from "../../scripts/reportFunnel";
import { BROWSER_AGENT, getQuotePage, type ServedPage } from "./support/quoteVisits";
import { businessEnergyV1, startTestServer, type TestServer } from "./testServer";

const businessEnergy = loadFlowCorpus(path.join(repoRoot, "forms")).flows.find((f) => f.id === "business-energy")!;
/** Each version's first two steps, as its document orders them. */
const firstSteps: Record<number, [string, string]> = { 1: ["utility", "address"], 2: ["address", "utility"], 3: ["utility", "address"] };

let server: TestServer;
let visits: ServedPage[];
let leadsPosted: number;
let report: ExperimentReport;
let printed = "";

const beacon = (cookie: string, version: number, stepId: string) =>
  server.app.inject({ method: "POST", url: "/api/events", headers: { "content-type": "application/json", "user-agent": BROWSER_AGENT, cookie }, payload: JSON.stringify({ flowId: "business-energy", version, stepId }) });

beforeAll(async () => {
  server = await startTestServer({}, false, { quotePages: true });
  visits = [];
  for (let n = 0; n < 600; n++) visits.push(await getQuotePage(server.app, "business-energy"));
  leadsPosted = 0;
  for (const [n, visit] of visits.entries()) {
    const [first, second] = firstSteps[visit.version!]!;
    // Every visit sees its first step (some twice: a reload); two in three go on to the second.
    await beacon(visit.cookie!, visit.version!, first);
    if (n % 5 === 0) await beacon(visit.cookie!, visit.version!, first);
    if (n % 3 !== 0) await beacon(visit.cookie!, visit.version!, second);
    // One v1 visit in four sends a lead (its answers are v1's).
    if (visit.version === 1 && n % 4 === 0) {
      const response = await server.app.inject({ method: "POST", url: "/api/leads", headers: { cookie: visit.cookie! }, payload: businessEnergyV1({ phone: `0113 496 ${String(1000 + n).slice(-4)}` }) });
      if (response.statusCode !== 200) throw new Error(`lead answered ${response.statusCode}: ${response.body}`);
      leadsPosted++;
    }
  }
  report = analyseExperiment((await server.withDb((db) => loadExperimentCounts(db, businessEnergy)))!);
  await server.withDb((db) => reportFromDatabase(db, businessEnergy, { json: false }, { out: (text) => (printed += text), err: () => undefined }));
}, 120_000);
afterAll(async () => {
  await server.close();
});

const served = (version: number) => visits.filter((v) => v.version === version).length;
const version = (n: number) => report.versions.find((v) => v.version === n)!;

describe("the experiment report after a scripted run of 600 visits to business-energy", () => {
  it("counts each visit once as an exposure of the version it was served, and the split as sound", () => {
    expect(report.versions.map((v) => [v.version, v.exposures])).toEqual([1, 2, 3].map((n) => [n, served(n)]));
    expect(report.srm?.mismatch).toBe(false);
  });

  it("counts the visits with a lead, attributed to the version they were served", () => {
    expect(version(1).leads).toBe(leadsPosted);
    expect([version(2).leads, version(3).leads]).toEqual([0, 0]);
    expect(version(1).conversion).toBeCloseTo(leadsPosted / served(1), 12);
  });

  it("gives each step the visits that reached it, and the drop-off as a share of them", () => {
    const [first, second] = firstSteps[2]!;
    const steps = version(2).steps;
    const reachedFirst = steps.find((s) => s.stepId === first)!;
    const reachedSecond = steps.find((s) => s.stepId === second)!;
    const goOn = visits.filter((v, n) => v.version === 2 && n % 3 !== 0).length;
    expect(reachedFirst.reached).toBe(served(2));
    expect(reachedSecond.reached).toBe(goOn);
    expect(reachedFirst.dropOff).toBeCloseTo(1 - goOn / served(2), 12);
  });

  it("prints the period, the exposures and a verdict for each version against the control", () => {
    expect(printed).toContain(report.period.id);
    for (const n of [2, 3]) expect(version(n).verdict?.text).toBeTruthy();
    expect(printed).toContain(version(3).verdict!.text);
  });
});
