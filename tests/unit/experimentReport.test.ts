/**
 * The experiment report: its analysis (figures, verdicts, the sample-ratio check, drop-off), its text, JSON and
 * HTML (escaped, and clean under axe in Chromium), and `npm run report:funnel`'s command line.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import reference from "../fixtures/stats/reference.json";
import metricsReference from "../fixtures/experimentReference.json";
import { repoRoot } from "../../engine/node/formsFolder";
import type { FlowDocument } from "../../engine/core/types";
import type { ExperimentCounts, ExperimentPeriod, VersionCounts } from "../../server/experiments/experimentCounts";
import { analyseExperiment, ExperimentInputError } from "../../server/experiments/experimentReport";
import { experimentReportJson } from "../../server/experiments/experimentReportJson";
import { experimentReportFragment, experimentReportHtml } from "../../server/experiments/experimentReportHtml";
import { formatExperimentReport } from "../../server/experiments/experimentReportText";
import { main, parseReportArgs, readCountsFile, reportFromDatabase, ReportUsageError } from "../../scripts/reportFunnel";
import { chromiumArgs, chromiumPath } from "../../scripts/support/chromium";
import { listPeriods, loadExperimentCounts } from "../../server/storage/experimentStore";

// The database side is the store's to test; here it is stood in for, so the command's handling of periods is seen alone.
vi.mock("../../server/storage/experimentStore", () => ({ listPeriods: vi.fn(), loadExperimentCounts: vi.fn() }));

const period = (over: Partial<ExperimentPeriod> = {}): ExperimentPeriod => ({ id: "3f9a2c1b7d40", startedAt: "2026-03-01T09:12:44.000Z", weights: { "1": 50, "2": 50 }, control: 1, ...over });
const counts = (versions: Record<string, VersionCounts>, over: Partial<ExperimentPeriod> = {}, extra: Partial<ExperimentCounts> = {}): ExperimentCounts => ({ flowId: "business-water", period: period(over), versions, ...extra });

/** Every number anywhere in a value is finite. */
function everyNumberFinite(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (value && typeof value === "object") return Object.values(value).every(everyNumberFinite);
  return true;
}

describe("the experiment report's analysis", () => {
  it("gives the issue's business-energy 40/40/20 example the figures SciPy gives", () => {
    const { flowId, control, weights, versions } = reference.businessEnergy.counts;
    const json = experimentReportJson(analyseExperiment({ flowId, period: period({ weights, control }), versions }));
    expect(json.srm.mismatch).toBe(false);
    expect(json.srm.chi2).toBeCloseTo(reference.businessEnergy.srm!.chi2, 12);
    for (const [i, expected] of reference.businessEnergy.versions.entries()) {
      const actual = json.versions[i]!;
      expect(Object.keys(actual).sort()).toEqual([...Object.keys(expected), "pending", "metrics", ...(expected.version === 1 ? [] : ["pAnytime", "verdict", "guardrails", "decision", "decisionText"])].sort());
      for (const [key, value] of Object.entries(expected)) {
        const values = [value].flat() as number[];
        ([actual[key as keyof typeof actual]].flat() as number[]).forEach((n, j) => expect(n, `v${expected.version} ${key}`).toBeCloseTo(values[j]!, 12));
      }
    }
    // p = 0.044 alone would pass at 5%, but not after Holm's adjustment, nor by the confidence sequence.
    expect(json.versions.map((v) => v.verdict)).toEqual([undefined, "no difference shown", "no difference shown"]);
  });

  it.each([
    ["better: the sequence excludes 0 and Holm's p is below 0.05", { "1": [5000, 500], "2": [5000, 650] }, {}, "better"],
    ["worse, the same way down", { "1": [5000, 650], "2": [5000, 500] }, {}, "worse"],
    ["no difference shown: p below 0.05 at one look, but the sequence holds 0", { "1": [4000, 480], "2": [4000, 545] }, {}, "no difference shown"],
    ["collecting while below plan, counting the smaller group", { "1": [1200, 120], "2": [1300, 200] }, { plannedPerVersion: 4438 }, "collecting (1,200 of 4,438 planned)"],
    ["judged once the plan is reached", { "1": [5000, 500], "2": [5000, 650] }, { plannedPerVersion: 4438 }, "better"],
    ["collecting while a version has no exposures yet", { "1": [5, 1], "2": [0, 0] }, {}, "collecting (no exposures yet)"],
    ["collecting while the control has no exposures yet, with a plan", { "1": [0, 0], "2": [5, 1] }, { plannedPerVersion: 1000 }, "collecting (0 of 1,000 planned)"],
    ["broken, not collecting, when a version gets no exposures while the others get many", { "1": [300, 30], "2": [0, 0] }, {}, "traffic split broken: do not trust these figures"],
    ["broken whenever the traffic does not follow the weights", { "1": [5000, 500], "2": [4500, 650] }, {}, "traffic split broken: do not trust these figures"],
  ])("says %s", (_, byVersion, over, verdict) => {
    const versions = Object.fromEntries(Object.entries(byVersion).map(([v, [exposures, leads]]) => [v, { exposures: exposures!, leads: leads! }]));
    const report = analyseExperiment(counts(versions, over));
    expect(report.versions.find((v) => v.version === 2)!.verdict!.text).toBe(verdict);
    expect(report.versions.find((v) => v.version === 1)!.verdict).toBeNull();
  });

  it("flags a sample-ratio mismatch, names its likely causes, and overrides even a clear winner", () => {
    const report = analyseExperiment(counts({ "1": { exposures: 5000, leads: 500 }, "2": { exposures: 4500, leads: 900 } }));
    expect(report.srm).toMatchObject({ df: 1, mismatch: true });
    const text = formatExperimentReport(report);
    expect(text).toContain("Traffic split: MISMATCH: the exposures do not follow the weights (chi-square 26.32, 1 df, p < 0.001)");
    for (const cause of ["a cache", "a broken or old link", "bots", "failing to load", "weights changed"]) expect(text).toContain(cause);
    expect(text).toContain("v2: traffic split broken: do not trust these figures");
  });

  it("checks the split over the versions drawn only, lists a version reached only with ?v= without comparing it", () => {
    const report = analyseExperiment(counts({ "1": { exposures: 1000, leads: 100 }, "2": { exposures: 1000, leads: 110 }, "3": { exposures: 40, leads: 30 } }, { weights: { "1": 50, "2": 50, "3": 0 } }));
    expect(report.srm).toMatchObject({ chi2: 0, mismatch: false });
    const v3 = report.versions.find((v) => v.version === 3)!;
    expect(v3).toMatchObject({ weight: 0, exposures: 40, comparison: null, verdict: { kind: "not-compared" } });
    expect(report.versions.find((v) => v.version === 2)!.comparison!.pHolm).toBe(report.versions.find((v) => v.version === 2)!.comparison!.p);
  });

  it("adjusts p by Holm across the period's comparisons", () => {
    const report = analyseExperiment(counts({ "1": { exposures: 4000, leads: 480 }, "2": { exposures: 4000, leads: 540 }, "3": { exposures: 4000, leads: 470 } }, { weights: { "1": 34, "2": 33, "3": 33 } }));
    const [, v2, v3] = report.versions.map((v) => v.comparison!);
    expect(v2!.pHolm).toBeCloseTo(2 * v2!.p, 12);
    expect(v3!.pHolm).toBeCloseTo(Math.max(v3!.p, 2 * v2!.p), 12);
  });

  it("tunes the confidence sequence for twice the plan, else for the file's N*, else for 10,000", () => {
    const some = { "1": { exposures: 10, leads: 1 } };
    expect(analyseExperiment(counts(some)).sequentialTuning).toBe(10_000);
    expect(analyseExperiment(counts(some, { plannedPerVersion: 3000 })).sequentialTuning).toBe(6000);
    expect(analyseExperiment(counts(some, { plannedPerVersion: 3000 }, { sequentialTuning: 500 })).sequentialTuning).toBe(500);
  });

  it("gives drop-off as the share of the visits that reached a step who did not reach the next, along the path most take", () => {
    const doc = {
      id: "business-water",
      version: 2,
      start: "spend",
      steps: [
        { id: "spend", kind: "radio", next: [{ when: { "==": [{ var: "spendString" }, "dontKnow"] }, to: "meter" }, { to: "sites" }] },
        { id: "meter", kind: "radio", next: "sites" },
        { id: "sites", kind: "radio", next: "contact" },
        { id: "contact", kind: "radio", next: "done" },
        { id: "done", kind: "radio" },
      ],
    } as unknown as FlowDocument;
    const report = analyseExperiment(
      counts(
        { "1": { exposures: 100, leads: 10 }, "2": { exposures: 100, leads: 20, steps: { spend: 100, meter: 20, sites: 80, contact: 40, done: 20, retired: 3 } } },
        {},
        { documents: { "2": doc } },
      ),
    );
    expect(report.versions[1]!.steps).toEqual([
      { stepId: "spend", reached: 100, onPath: true, dropOff: expect.closeTo(0.2, 12) },
      { stepId: "sites", reached: 80, onPath: true, dropOff: 0.5 },
      { stepId: "contact", reached: 40, onPath: true, dropOff: 0.5 },
      { stepId: "done", reached: 20, onPath: true },
      { stepId: "meter", reached: 20, onPath: false },
      { stepId: "retired", reached: 3, onPath: false },
    ]);
    expect(formatExperimentReport(report)).toContain("\n  spend                          100   20.0% drop-off\n  sites                           80   50.0% drop-off\n");
  });

  it("has no NaN or Infinity anywhere with zero counts, and null where a figure cannot be had yet", () => {
    const report = analyseExperiment(counts({ "1": { exposures: 0, leads: 0 }, "2": { exposures: 0, leads: 0 } }, {}, { documents: {} }));
    const json = experimentReportJson(report);
    expect(everyNumberFinite(report)).toBe(true);
    const none = { mean: null, ci95: null };
    const noComparison = { ...none, difference: null, differenceCI95: null, p: null, pHolm: null, sequentialCI95: null, pAnytime: null };
    expect(json).toEqual({
      settleHours: null,
      srm: { chi2: null, p: null, mismatch: false },
      decideOn: "value",
      guardrails: { leads: 0.05 },
      pending: 0,
      versions: [
        { version: 1, exposures: 0, leads: 0, conversion: null, wilson95: null, pending: 0, metrics: { acceptedLeads: none, value: none } },
        {
          version: 2,
          exposures: 0,
          leads: 0,
          conversion: null,
          wilson95: null,
          difference: null,
          differenceCI95: null,
          p: null,
          pHolm: null,
          sequentialCI95: null,
          pAnytime: null,
          verdict: "collecting (no exposures yet)",
          pending: 0,
          metrics: { acceptedLeads: noComparison, value: noComparison },
          guardrails: { leads: { margin: 0.05, result: "undecided" } },
          decision: "keepRunning",
          decisionText: "keep running: no figures yet on value per visit (0 visits so far, no plan set)",
        },
      ],
    });
    for (const rendered of [formatExperimentReport(report), experimentReportHtml(report)]) expect(rendered).not.toMatch(/NaN|Infinity|undefined/);
  });

  it("has no NaN when every visit or none converted", () => {
    for (const leads of [0, 200]) {
      const report = analyseExperiment(counts({ "1": { exposures: 200, leads }, "2": { exposures: 200, leads } }));
      expect(everyNumberFinite(report)).toBe(true);
      expect(report.versions[1]!.verdict!.text).toBe("no difference shown");
    }
  });

  it("refuses more leads than exposures, naming the flow and version", () => {
    expect(() => analyseExperiment(counts({ "1": { exposures: 100, leads: 10 }, "2": { exposures: 100, leads: 101 } }))).toThrow(ExperimentInputError);
    expect(() => analyseExperiment(counts({ "1": { exposures: 100, leads: 10 }, "2": { exposures: 100, leads: 101 } }))).toThrow("business-water v2: 101 leads from 100 exposures");
  });
});

describe("the experiment report's text and HTML", () => {
  const report = () => analyseExperiment(readCountsFile(readFileSync(path.join(repoRoot, "docs/examples/business-energy-counts.json"), "utf8"), "business-energy-counts.json"));

  it("prints the period, weights, plan, the split's check, a table per version, the comparisons, the verdicts and a footnote", () => {
    const text = formatExperimentReport(analyseExperiment(counts({ "1": { exposures: 4000, leads: 480 }, "2": { exposures: 4000, leads: 540 } }, { plannedPerVersion: 3000 })));
    expect(text).toContain("Period: 3f9a2c1b7d40, began 2026-03-01 09:12 UTC\nWeights: v1 50%, v2 50%; control v1\nPlanned: 3,000 visitors per version; confidence sequence tuned for 6,000 visitors in two versions\nTraffic split: as the weights say");
    expect(text).toMatch(/\n {2}v1 \(control\) +50% +4,000 +480 +12\.0% +11\.0% – 13\.0%\n/);
    expect(text).toMatch(/\n {2}v2 +\+1\.50 +\+0\.04 to \+2\.96 +0\.044 +0\.044 +−\d\.\d\d to \+\d\.\d\d +no difference shown\n/);
    expect(text).toContain("Verdicts:\n  v2: no difference shown\n");
    expect(text).toContain("so you may check every day");
  });

  it("writes a whole page with captioned tables and header cells, and no scripts", () => {
    const html = experimentReportHtml(report());
    expect(html).toMatch(/^<!doctype html>\n<html lang="en-GB">/);
    expect(html).not.toMatch(/<script|<link|src=/);
    // Versions, comparison on leads, accepted leads and value, every metric against the control, decisions.
    expect(html.match(/<caption/g)).toHaveLength(5);
    expect(html).toContain('<th scope="row" style="padding:.2rem .6rem;border-bottom:1px solid #e1e4e8;text-align:left">v2</th>');
    expect(html).toContain("<strong>better</strong>");
    expect(html).toContain("collecting (2,600 of 4,438 planned)");
  });

  it("escapes every text it places in the page", () => {
    const fragment = experimentReportFragment(analyseExperiment({ ...counts({ "1": { exposures: 10, leads: 1, steps: { "<b>": 4 } } }), flowId: "a<b&c" }), 3);
    expect(fragment).toContain("a&lt;b&amp;c: each version");
    expect(fragment).toContain("&lt;b&gt; (off the usual path)");
    expect(fragment).not.toContain("<b>");
  });

  it("passes axe with no violations in Chromium, broken split and all", async () => {
    const broken = analyseExperiment(counts({ "1": { exposures: 5000, leads: 500, steps: { a: 10 } }, "2": { exposures: 4500, leads: 900 } }));
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const page = await (await browser.newContext()).newPage();
      const withSegmentsAndDays = metricsReference.scenarios.filter((s) => s.name === "three-versions-on-value" || s.name === "four-versions").map((s) => analyseExperiment(readCountsFile(JSON.stringify(s.counts), `${s.name}.json`)));
      for (const html of [experimentReportHtml(report()), experimentReportHtml(broken), ...withSegmentsAndDays.map(experimentReportHtml)]) {
        await page.setContent(html);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe("npm run report:funnel's command line", () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), "report-funnel-"));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** Runs main with its output captured. */
  async function run(...args: string[]) {
    let out = "";
    let err = "";
    const code = await main(args, { out: (t) => (out += t), err: (t) => (err += t) });
    return { code, out, err };
  }
  const file = (name: string, content: unknown) => {
    const at = path.join(scratch, name);
    writeFileSync(at, typeof content === "string" ? content : JSON.stringify(content));
    return at;
  };
  const tsx = (...args: string[]) => promisify(execFile)("npx", ["tsx", "scripts/reportFunnel.ts", ...args], { cwd: repoRoot });

  it("prints exactly the JSON shape for a counts file, run as the command", async () => {
    const counts = file("energy.json", { ...reference.businessEnergy.counts, sequentialTuning: 10000 });
    const { stdout } = await tsx("--counts", counts, "--json");
    const json = JSON.parse(stdout) as { srm: object; versions: Array<Record<string, unknown>> };
    expect(Object.keys(json)).toEqual(["settleHours", "srm", "decideOn", "guardrails", "pending", "versions"]);
    expect(Object.keys(json.srm)).toEqual(["chi2", "p", "mismatch"]);
    expect(Object.keys(json.versions[0]!)).toEqual(["version", "exposures", "leads", "conversion", "wilson95", "pending", "metrics"]);
    expect(Object.keys(json.versions[1]!)).toEqual(["version", "exposures", "leads", "conversion", "wilson95", "difference", "differenceCI95", "p", "pHolm", "sequentialCI95", "pAnytime", "verdict", "pending", "metrics", "guardrails", "decision", "decisionText"]);
    expect(json.versions[1]!.pHolm).toBeCloseTo(reference.businessEnergy.versions[1]!.pHolm!, 12);
  }, 30_000);

  it("prints the visitors needed per version, run as the command", async () => {
    const { stdout } = await tsx("--plan", "--baseline", "0.12", "--mde", "0.02", "--json");
    expect(JSON.parse(stdout)).toEqual({ perVersion: reference.planning[0]!.perVersion });
  }, 30_000);

  it("explains the plan in words without --json", async () => {
    const { code, out } = await run("--plan", "--baseline", "0.12", "--mde", "0.02");
    expect(code).toBe(0);
    expect(out).toBe('4,438 visitors per version to find a change from 12% to 14% (two-sided 5% test, 80% power).\nPut "plannedPerVersion": 4438 in the flow\'s split.json; the report then shows each version\'s progress towards it.\n');
  });

  it.each([
    ["not JSON", "{", "not JSON"],
    ["a misspelt property", { flowId: "x", control: 1, weights: { "1": 100 }, version: {} }, 'unknown property "version"'],
    ["a count that is not a whole number", { flowId: "x", control: 1, weights: { "1": 100 }, versions: { "1": { exposures: 10.5, leads: 1 } } }, "versions[1].exposures must be integer"],
    ["more leads than exposures", { flowId: "x", control: 1, weights: { "1": 50, "2": 50 }, versions: { "1": { exposures: 10, leads: 1 }, "2": { exposures: 10, leads: 11 } } }, "version 2 has 11 leads from 10 exposures"],
    ["a control with no weight", { flowId: "x", control: 3, weights: { "1": 100 }, versions: { "1": { exposures: 10, leads: 1 } } }, "the control, version 3, has no weight"],
  ])("refuses a counts file with %s, naming what is wrong, exit code 1", async (name, content, message) => {
    const at = file(`${name.replaceAll(" ", "-")}.json`, content);
    const { code, out, err } = await run("--counts", at, "--json");
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toContain(message);
  });

  it.each([
    [[], "Name the flow, or use --counts FILE or --plan"],
    [["a", "b"], "One flow at a time, not a b"],
    [["a", "--since", "2026-03-01"], "Unknown option '--since'"],
    [["--plan", "--baseline", "0.12"], "--plan needs --mde"],
    [["--plan", "--baseline", "twelve", "--mde", "0.02"], '--baseline must be a rate as a decimal (0.12 for 12%), not "twelve"'],
    [["--plan", "--baseline", "0.12", "--mde", "0"], "the smallest difference worth finding must be non-zero"],
    [["a", "--baseline", "0.12"], "--baseline only go with --plan"],
    [["--counts", "f.json", "--period", "x"], "--period cannot go with --counts"],
  ])("refuses %j with a message and the usage, exit code 1", async (args, message) => {
    const { code, err } = await run(...args);
    expect(code).toBe(1);
    expect(err).toContain(message);
    expect(err).toContain("Usage: npm run report:funnel -- <flow> [--period ID] [--json] [--html FILE]");
  });

  it("reads a flow, its period, --json and --html", () => {
    expect(parseReportArgs(["business-energy", "--period", "abc", "--json", "--html", "out.html"])).toEqual({ mode: "database", flowId: "business-energy", periodId: "abc", json: true, html: "out.html" });
    expect(parseReportArgs(["--counts", "c.json"])).toEqual({ mode: "counts", file: "c.json", json: false });
    expect(() => parseReportArgs(["--plan", "x"])).toThrow(ReportUsageError);
  });

  it("writes the page with --html and keeps the JSON on standard output clean", async () => {
    const out = path.join(scratch, "report", "energy.html");
    const result = await run("--counts", path.join(repoRoot, "docs/examples/business-energy-counts.json"), "--json", "--html", out);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toHaveProperty("srm");
    expect(result.err).toBe(`Wrote ${out}\n`);
    expect(readFileSync(out, "utf8")).toContain("<h1>Experiment report for business-energy</h1>");
  });
});

describe("npm run report:funnel on the database's periods", () => {
  const flow = { id: "business-water" } as Parameters<typeof reportFromDatabase>[1];
  const current = period({ id: "new1", startedAt: "2026-03-08T10:00:00.000Z" });
  const older = period({ id: "old1", weights: { "1": 100 } });
  async function run(request: { periodId?: string; json: boolean }) {
    let out = "";
    const code = await reportFromDatabase({} as never, flow, request, { out: (t) => (out += t), err: () => {} });
    return { code, out };
  }

  it("reports the current period and lists every period to pick from", async () => {
    vi.mocked(listPeriods).mockResolvedValue([current, older]);
    vi.mocked(loadExperimentCounts).mockResolvedValue(counts({ "1": { exposures: 10, leads: 1 }, "2": { exposures: 12, leads: 2 } }, { id: "new1", startedAt: current.startedAt }));
    const { code, out } = await run({ json: false });
    expect(code).toBe(0);
    expect(out).toContain("Period: new1, began 2026-03-08 10:00 UTC");
    expect(out).toContain("\nPeriods of business-water, newest first (show another with --period ID):\n  new1, began 2026-03-08 10:00 UTC; v1 50%, v2 50%  (this report)\n  old1, began 2026-03-01 09:12 UTC; v1 100%\n");
  });

  it("says plainly when the flow has no period yet", async () => {
    vi.mocked(listPeriods).mockResolvedValue([]);
    vi.mocked(loadExperimentCounts).mockResolvedValue(undefined);
    expect((await run({ json: false })).out).toBe("business-water has no experiment period yet: no visitor has been served its current set-up (weights and versions).\n");
  });

  it("refuses a period the flow does not have, listing those it has", async () => {
    vi.mocked(listPeriods).mockResolvedValue([current, older]);
    await expect(run({ periodId: "nope", json: false })).rejects.toThrow('business-water has no period "nope"; its periods are:\n  new1');
  });
});
