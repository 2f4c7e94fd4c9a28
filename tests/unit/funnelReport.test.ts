import { describe, expect, it } from "vitest";
import { formatFunnelReport, funnelReport, pValue, testSentence } from "../../scripts/funnel/funnelReport";
import { funnelReportHtml } from "../../scripts/funnel/funnelReportHtml";
import { parseReportArgs, ReportUsageError } from "../../scripts/reportFunnel";
import type { FlowDocument } from "../../engine/core/types";
import type { FunnelCount } from "../../server/storage/funnelStore";

const count = (version: number, event: FunnelCount["event"], n: number, stepId = ""): FunnelCount => ({ version, stepId, event, count: n });

/** A flow document with just what the report reads: steps, in file order, and where each leads. */
function flowOf(version: number, start: string, steps: Array<[id: string, next?: string | Array<{ when?: object; to: string }>]>): FlowDocument {
  return { id: "business-water", version, start, steps: steps.map(([id, next]) => ({ id, kind: "radio", ...(next ? { next } : {}) })) } as unknown as FlowDocument;
}

const v1 = flowOf(1, "sites", [["done"], ["contact", "done"], ["spend", "contact"], ["sites", "spend"]]);
const v2 = flowOf(2, "spend", [
  ["spend", [{ when: { "==": [{ var: "spendString" }, "dontKnow"] }, to: "meter" }, { to: "sites" }]],
  ["meter", "sites"],
  ["sites", "contact"],
  ["contact", "done"],
  ["done"],
]);

const twoVersions = () =>
  funnelReport({
    flowId: "business-water",
    defaultVersion: 2,
    versions: [
      { version: 1, flow: v1 },
      { version: 2, flow: v2 },
    ],
    counts: [
      count(1, "start", 100),
      count(1, "step", 120, "sites"),
      count(1, "step", 90, "spend"),
      count(1, "step", 12, "retailer"),
      count(1, "step", 30, "postcode"),
      count(1, "lead", 10),
      count(2, "start", 100),
      count(2, "step", 110, "spend"),
      count(2, "step", 20, "meter"),
      count(2, "step", 70, "sites"),
      count(2, "step", 35, "contact"),
      count(2, "step", 20, "done"),
      count(2, "lead", 20),
      count(4, "start", 5),
    ],
  });

describe("the funnel report", () => {
  it("lists a version's steps in the order visitors meet them, with the share lost at each, then the rest, most shown first", () => {
    expect(twoVersions().versions[0]!.steps).toEqual([
      { stepId: "sites", reached: 120, onPath: true, dropOff: 0.25 },
      { stepId: "spend", reached: 90, onPath: true, dropOff: 1 },
      { stepId: "contact", reached: 0, onPath: true },
      { stepId: "done", reached: 0, onPath: true },
      { stepId: "postcode", reached: 30, onPath: false },
      { stepId: "retailer", reached: 12, onPath: false },
    ]);
  });

  it("follows the branch most visitors take, and lists the other branch's steps after it", () => {
    const steps = twoVersions().versions[1]!.steps;
    expect(steps.map((s) => [s.stepId, s.onPath])).toEqual([["spend", true], ["sites", true], ["contact", true], ["done", true], ["meter", false]]);
    expect(steps[1]!.dropOff).toBe(0.5);
  });

  it("prints each step on the usual path with its drop-off, then the steps off it", () => {
    const printed = formatFunnelReport(twoVersions());
    expect(printed).toContain("\n  step spend                       110   36.4% drop-off\n  step sites                        70   50.0% drop-off\n");
    expect(printed).toContain("\n  step done                         20\n  off the usual path:\n    step meter                      20\n  submits");
  });

  it("compares every other version with the split's default, whichever number it has", () => {
    const report = twoVersions();
    expect(report.versions.map((v) => [v.version, v.isDefault, v.inForms])).toEqual([
      [1, false, true],
      [2, true, true],
      [4, false, false],
    ]);
    expect(report.versions[0]!.vsDefault!.difference).toBeCloseTo(-0.1, 12);
    expect(report.versions[1]!.vsDefault).toBeUndefined();
    expect(report.versions[2]!.vsDefault).toEqual({ difference: -0.2, z: expect.any(Number), p: expect.any(Number) });
  });

  it("marks counts kept for a version whose file has gone", () => {
    expect(formatFunnelReport(twoVersions())).toMatch(/\nv4 \(no longer in forms\/\)\n {2}starts +5\n/);
  });

  it.each([
    [{ difference: 0.075, z: 1.9215, p: 0.0547 }, "+7.5 points vs v1, z = 1.92, p = 0.055: not significant at 5%"],
    [{ difference: 0.1, z: 2.5, p: 0.0124 }, "+10.0 points vs v1, z = 2.50, p = 0.012: higher than v1, significant at 5%"],
    [{ difference: -0.1, z: -4, p: 0.00006 }, "−10.0 points vs v1, z = -4.00, p < 0.001: lower than v1, significant at 5%"],
  ])("says what a test means: %j", (test, sentence) => {
    expect(testSentence(test, 1)).toBe(sentence);
  });

  it("prints small p-values as a bound", () => {
    expect(pValue(0.0004)).toBe("p < 0.001");
    expect(pValue(0.2)).toBe("p = 0.200");
  });

  it("writes a page with a chart and a table of the same numbers per version, and no scripts", () => {
    const html = funnelReportHtml(twoVersions());

    expect(html).toMatch(/^<!doctype html>\n<html lang="en-GB">/);
    expect(html).not.toMatch(/<script|<link|src=/);
    expect(html.match(/<svg [^>]*role="img" aria-label="v\d funnel chart: [^"]+"/g)).toHaveLength(3);
    expect(html.match(/<table>/g)).toHaveLength(3);
    expect(html).toContain('<h2 id="v2">v2 (default)</h2>');
    expect(html).toContain('<tr><th scope="row">Step sites</th><td class="n">120</td><td class="n">25.0%</td></tr>');
    expect(html).toContain('<tr><th scope="row">Other step postcode</th><td class="n">30</td><td class="n"></td></tr>');
    expect(html).toContain(">120 · 25.0% drop-off</text>");
    expect(html).toContain("Conversion: 20.0% (95% interval");
    expect(html).toContain("Against the default: −10.0 points vs v2");
  });

  it("escapes what it prints into the page", () => {
    const report = funnelReport({ flowId: "x", defaultVersion: 1, versions: [{ version: 1, flow: flowOf(1, "a<b", [["a<b"]]) }], counts: [] });
    expect(funnelReportHtml(report)).toContain("Step a&lt;b");
  });
});

describe("npm run report:funnel's arguments", () => {
  it("reads the flow, --since and --html", () => {
    expect(parseReportArgs(["business-water", "--since", "2026-03-01", "--html", "out.html"])).toEqual({ flowId: "business-water", since: "2026-03-01", html: "out.html" });
    expect(parseReportArgs(["business-water"])).toEqual({ flowId: "business-water" });
  });

  it.each([
    [[], "Name the flow"],
    [["a", "b"], "One flow at a time, not a b"],
    [["a", "--since", "2026-02-30"], '--since must be a date as YYYY-MM-DD, not "2026-02-30"'],
    [["a", "--since", "1/3/2026"], '--since must be a date as YYYY-MM-DD, not "1/3/2026"'],
    [["a", "--until", "2026-03-01"], "Unknown option '--until'"],
  ])("refuses %j", (args, message) => {
    expect(() => parseReportArgs(args)).toThrow(ReportUsageError);
    expect(() => parseReportArgs(args)).toThrow(message);
  });
});
