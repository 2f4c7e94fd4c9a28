/** docs/analysts.md, followed step by step on a scratch copy of forms/: its commands, snippets and printed output. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funnelReport, formatFunnelReport } from "../../scripts/funnel/funnelReport";
import { checkForms, formatFindings } from "../../scripts/formsCheck";
import { galleryVersions, tryUrl } from "../../scripts/formsGallery";
import { flowSvg, readFlow } from "../../scripts/formsGraph";
import { readFlowSummaries } from "../../site/build/flowManifestPlugin";
import { fencedBlocks, jsonOf } from "./docsSnippets";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const doc = readFileSync(path.join(repoRoot, "docs/analysts.md"), "utf8");

let formsDir: string;
let v2File: string;
beforeAll(() => {
  formsDir = mkdtempSync(path.join(tmpdir(), "analysts-doc-"));
  cpSync(path.join(repoRoot, "forms"), formsDir, { recursive: true });
  v2File = path.join(formsDir, "business-water", "v2.json");
});
afterAll(() => {
  rmSync(formsDir, { recursive: true, force: true });
});

const readV2 = () => JSON.parse(readFileSync(v2File, "utf8")) as { steps: Array<{ id: string; next?: unknown }> } & Record<string, unknown>;
const writeV2 = (flow: unknown) => writeFileSync(v2File, JSON.stringify(flow, null, 2));
/** forms:check's output for the scratch folder, with its paths as they read in the repository. */
const checkOutput = () => formatFindings(checkForms(formsDir)).replaceAll(path.relative(repoRoot, formsDir), "forms");

/** The doc's step edits: "in the step with `"id": "x"`, change `"next": "a"` to `"next": "b"`". */
const nextChanges = [...doc.matchAll(/in the step with `"id": "([\w-]+)"`, change `"next": "([\w-]+)"` to `"next": "([\w-]+)"`/g)].map((m) => ({ step: m[1]!, from: m[2]!, to: m[3]! }));

function changeNext(change: { step: string; from: string; to: string }) {
  const flow = readV2();
  const step = flow.steps.find((s) => s.id === change.step)!;
  expect(step.next, `${change.step}'s next before the change`).toBe(change.from);
  step.next = change.to;
  writeV2(flow);
}

describe("docs/analysts.md, followed on a scratch copy of forms/", () => {
  it("1. makes business water v2 by copying v1 and changing its top and two steps' next", () => {
    expect(fencedBlocks(doc, "sh")).toContainEqual("cp forms/business-water/v1.json forms/business-water/v2.json");
    cpSync(path.join(formsDir, "business-water", "v1.json"), v2File);
    const top = jsonOf(fencedBlocks(doc, "json").find((block) => block.includes('"version": 2'))!);
    writeV2({ ...readV2(), ...top });
    expect(readV2().$schema).toBe("../../schemas/flow.schema.json");
    expect(nextChanges.map((c) => c.step)).toEqual(["supplier", "spend"]);
  });

  it("2. shows what forms:check prints when the second change is forgotten, and that it passes once made", () => {
    changeNext(nextChanges[0]!);
    expect(fencedBlocks(doc, "text")).toContainEqual(checkOutput());

    changeNext(nextChanges[1]!);
    expect(checkOutput()).toBe("0 errors, 0 warnings");
    expect(doc).toContain("it prints `0 errors, 0 warnings`");
  });

  it("2. explains every rule forms:check can report", () => {
    const sources = ["engine/core/lintFlow.ts", "scripts/formsCheck.ts"].map((file) => readFileSync(path.join(repoRoot, file), "utf8")).join("\n");
    const rules = new Set([...sources.matchAll(/(?:add\(|rule: )"([a-z-]+)"/g)].map((m) => m[1]!));
    expect(rules.size).toBeGreaterThan(10);
    const table = doc.slice(doc.indexOf("| rule |"), doc.indexOf("## 3."));
    for (const rule of rules) expect(table, rule).toContain(`\`${rule}\``);
  });

  it("3. pictures v2 starting at the retailer question, and lists it on the development page with its link", () => {
    const svg = flowSvg(readFlow("business-water", 2, formsDir));
    expect(svg).toContain("business-water v2: Compare business water prices");
    expect(svg).toMatch(/data-step="supplier"[^>]*>[^]*?radio · start/);
    const entry = galleryVersions(formsDir).find((v) => v.flow.id === "business-water" && v.flow.version === 2)!;
    expect(tryUrl(entry.flow)).toBe("/quote/business-water/?v=2");
    expect(doc).toContain("open `/quote/business-water/?v=2`");
  });

  it("4. splits the traffic half and half with the doc's split.json, which the site then reads", () => {
    const split = fencedBlocks(doc, "json").find((block) => block.includes('"weights"'))!;
    writeFileSync(path.join(formsDir, "business-water", "split.json"), split);

    expect(checkOutput()).toBe("0 errors, 0 warnings");
    expect(readFlowSummaries(formsDir).find((f) => f.id === "business-water")).toMatchObject({ defaultVersion: 1, weights: { "1": 50, "2": 50 }, versions: [1, 2] });
  });

  it("5. prints the report as the doc shows it, with the interval and the test's verdict", () => {
    const report = funnelReport({
      flowId: "business-water",
      since: "2026-03-01",
      defaultVersion: 1,
      versions: [1, 2].map((version) => ({ version, steps: readFlow("business-water", version, formsDir).steps.map((s) => s.id) })),
      counts: [
        { version: 1, stepId: "", event: "start", count: 200 },
        { version: 1, stepId: "", event: "lead", count: 30 },
        { version: 2, stepId: "", event: "start", count: 200 },
        { version: 2, stepId: "supplier", event: "step", count: 230 },
        { version: 2, stepId: "sites", event: "step", count: 190 },
        { version: 2, stepId: "", event: "submit", count: 46 },
        { version: 2, stepId: "", event: "lead", count: 45 },
      ],
    });
    const printed = formatFunnelReport(report).split("\n");
    const shown = fencedBlocks(doc, "text").find((block) => block.startsWith("v2\n"))!.split("\n").filter((line) => line.trim() !== "...");
    expect(shown.length).toBeGreaterThan(6);
    for (const line of shown) expect(printed).toContain(line);
    expect(fencedBlocks(doc, "sh")).toContainEqual(expect.stringContaining("npm run report:funnel -- business-water --since 2026-03-01 --html water-funnel.html"));
  });
});
