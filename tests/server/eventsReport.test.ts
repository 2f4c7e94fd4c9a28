import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFunnelReport } from "../../scripts/reportFunnel";
import { formatFunnelReport, type FunnelReport } from "../../scripts/funnel/funnelReport";
import { repoRoot } from "../../server/config";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer;
let report: FunnelReport;

/** Sends `times` beacons of one event, as visitors' browsers would. */
async function send(version: number, event: string, times: number, stepId?: string): Promise<void> {
  for (let n = 0; n < times; n++) {
    const response = await server.app.inject({ method: "POST", url: "/api/events", headers: { "content-type": "application/json" }, payload: JSON.stringify({ flowId: "business-energy", version, event, ...(stepId ? { stepId } : {}) }) });
    if (response.statusCode !== 204) throw new Error(`beacon answered ${response.statusCode}: ${response.body}`);
  }
}

beforeAll(async () => {
  let clock = new Date("2026-03-01T12:00:00Z");
  server = await startTestServer({}, false, { now: () => clock });
  // Before the period the report asks for: left out by --since.
  await send(1, "start", 7);
  await send(1, "lead", 7);
  clock = new Date("2026-03-02T12:00:00Z");
  // v1 (the default): 200 starts, 30 leads. v2: 200 starts, 45 leads.
  await send(1, "step", 210, "utility");
  await send(1, "start", 200);
  await send(1, "step", 120, "spend");
  await send(1, "step", 40, "meter");
  await send(1, "submit", 31);
  await send(1, "lead", 30);
  await send(2, "step", 230, "address");
  await send(2, "start", 200);
  await send(2, "step", 150, "utility");
  await send(2, "submit", 46);
  await send(2, "lead", 45);
  report = await server.withDb((db) => loadFunnelReport(db, path.join(repoRoot, "forms"), "business-energy", "2026-03-02"));
}, 60_000);
afterAll(async () => {
  await server.close();
});

const version = (n: number) => report.versions.find((v) => v.version === n)!;

describe("the funnel report over events sent to POST /api/events", () => {
  it("counts each version's starts, submits and leads from the day asked for", () => {
    expect(report.defaultVersion).toBe(1);
    expect(report.versions.map((v) => [v.version, v.starts, v.submits, v.leads])).toEqual([
      [1, 200, 31, 30],
      [2, 200, 46, 45],
      [3, 0, 0, 0],
    ]);
  });

  it("lists a version's steps in the order most visitors meet them, with the share lost at each", () => {
    expect(version(1).steps).toEqual([
      { stepId: "utility", reached: 210, onPath: true, dropOff: 1 - 120 / 210 },
      { stepId: "spend", reached: 120, onPath: true, dropOff: 1 - 40 / 120 },
      { stepId: "meter", reached: 40, onPath: true, dropOff: 1 },
      { stepId: "contract", reached: 0, onPath: true },
      { stepId: "supplier", reached: 0, onPath: true },
      { stepId: "address", reached: 0, onPath: true },
      { stepId: "contact", reached: 0, onPath: true },
      { stepId: "done", reached: 0, onPath: true },
    ]);
    expect(version(2).steps.slice(0, 2)).toEqual([
      { stepId: "address", reached: 230, onPath: true, dropOff: 1 - 150 / 230 },
      { stepId: "utility", reached: 150, onPath: true, dropOff: 1 },
    ]);
  });

  it("gives each version's conversion with its 95% Wilson interval, as worked by hand", () => {
    // v1: p = 30/200 = 0.15; z = 1.959964, z² = 3.841459, n = 200.
    //   centre = (0.15 + 3.841459/400) / (1 + 3.841459/200) = 0.1596036 / 1.0192073 = 0.1565958
    //   half   = 1.959964 × √(0.15 × 0.85/200 + 3.841459/160000) / 1.0192073 = 1.959964 × 0.0257198 / 1.0192073 = 0.0494599
    //   interval 0.1071359 to 0.2060558
    expect(version(1).conversion).toBe(0.15);
    expect(version(1).interval!.low).toBeCloseTo(0.1071359, 6);
    expect(version(1).interval!.high).toBeCloseTo(0.2060558, 6);
    // v2: p = 45/200 = 0.225: centre = 0.2346036 / 1.0192073 = 0.2301825, half = 0.0575588 → 0.1726237 to 0.2877412.
    expect(version(2).conversion).toBe(0.225);
    expect(version(2).interval!.low).toBeCloseTo(0.1726237, 6);
    expect(version(2).interval!.high).toBeCloseTo(0.2877412, 6);
    expect(version(3).conversion).toBeUndefined();
  });

  it("tests v2's conversion against the default's with the pooled two-proportion z-test, as worked by hand", () => {
    // pooled p = (30 + 45) / (200 + 200) = 0.1875
    // SE = √(0.1875 × 0.8125 × (1/200 + 1/200)) = √0.0015234 = 0.0390312
    // difference = 0.225 − 0.15 = 0.075; z = 0.075 / 0.0390312 = 1.921538; two-sided p = 2 × (1 − Φ(1.921538)) = 0.05466
    const test = version(2).vsDefault!;
    expect(test.difference).toBeCloseTo(0.075, 12);
    expect(test.z).toBeCloseTo(1.921538, 5);
    expect(test.p).toBeCloseTo(0.05466, 4);
    expect(version(1).vsDefault).toBeUndefined();
    expect(version(3).vsDefault).toBeUndefined();
  });

  it("prints the numbers, the interval and the test's verdict", () => {
    const text = formatFunnelReport(report);
    expect(text).toContain("Funnel for business-energy, since 2026-03-02 (London dates); default version v1");
    expect(text).toMatch(/v1 \(default\)\n {2}starts +200\n {2}step utility +210 +42\.9% drop-off\n {2}step spend +120 +66\.7% drop-off\n/);
    expect(text).toMatch(/conversion \(leads\/starts\) +15\.0% {2}95% CI 10\.7% – 20\.6%/);
    expect(text).toMatch(/conversion \(leads\/starts\) +22\.5% {2}95% CI 17\.3% – 28\.8%/);
    expect(text).toContain("+7.5 points vs v1, z = 1.92, p = 0.055: not significant at 5%");
    expect(text).toMatch(/v3\n {2}starts +0\n[\s\S]*conversion \(leads\/starts\) +– \(no starts\)\n {2}test against default +– \(needs starts on both versions\)/);
  });
});
