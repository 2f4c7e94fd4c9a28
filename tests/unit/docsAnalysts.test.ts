/**
 * docs/analysts.md, followed step by step through the live preview (npm run preview:flows) on a scratch copy of
 * forms/, in Chromium: its commands, snippets, the findings shown over the page and the printed output.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatFindings, type Finding } from "../../engine/core/findings";
import { loadFlowCorpus, repoRoot } from "../../engine/node/formsFolder";
import { createAjv } from "../../engine/node/validation";
import { checkForms } from "../../scripts/formsCheck";
import { main as reportFunnel } from "../../scripts/reportFunnel";
import { flowSvg, readFlow } from "../../scripts/formsGraph";
import { startLivePreview, type LivePreview } from "../../scripts/livePreview";
import { chromiumArgs, chromiumPath } from "../../scripts/support/chromium";
import { blockAfter, fencedBlocks, jsonOf } from "./docsSnippets";

const doc = readFileSync(path.join(repoRoot, "docs/analysts.md"), "utf8");
const PREVIEW_TIMEOUT = 90_000;

let scratch: string;
let formsDir: string;
let v2File: string;
let preview: LivePreview;
let browser: Browser;
let page: Page;
/** What the preview's pages log as warnings or errors (a hydration mismatch would be one). */
const consoleProblems: string[] = [];
beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "analysts-doc-"));
  formsDir = path.join(scratch, "forms");
  cpSync(path.join(repoRoot, "forms"), formsDir, { recursive: true });
  v2File = path.join(formsDir, "business-water", "v2.json");
  preview = await startLivePreview({ ...process.env, FORMS_DIR: formsDir, DATA_DIR: path.join(scratch, "data"), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "error" });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  page = await (await browser.newContext()).newPage();
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error") consoleProblems.push(message.text());
  });
}, PREVIEW_TIMEOUT);
afterAll(async () => {
  await browser?.close();
  await preview?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const readV2 = () => JSON.parse(readFileSync(v2File, "utf8")) as { steps: Array<{ id: string; next?: unknown; question?: string }> } & Record<string, unknown>;
const writeV2 = (flow: unknown) => writeFileSync(v2File, JSON.stringify(flow, null, 2));
/** The scratch folder's paths as they read in the repository. */
const asInRepo = (text: string) => text.replaceAll(formsDir, "forms");
/** forms:check's output for the scratch folder. */
const checkOutput = () => asInRepo(formatFindings(checkForms(formsDir)));
/** What the preview shows over the page: its own box of findings. */
const box = () => page.getByRole("alert").filter({ has: page.getByRole("heading", { name: / has \d+ errors?$/ }) });
/** The box's lines as a reader sees them, the scratch folder named as in the repository; none while it is not shown. */
async function boxLines(): Promise<string[]> {
  if ((await box().count()) === 0) return [];
  return asInRepo(await box().innerText())
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}
/** A finding as the box shows it. */
const boxed = (f: Finding) => [`Error in ${f.file}${f.step ? `, step ${f.step}` : ""}: ${f.message} (${f.rule})`, `Fix: ${f.fix}`];
const heading = () => page.locator(".step-heading");

/** The doc's edits at the top of the file: "- change `"version": 1` to `"version": 2`". */
const topChanges = [...doc.matchAll(/^- change `"(\w+)": ([^`]+)` to\s+`"\1": ([^`]+)`/gm)].map((m) => ({ key: m[1]!, from: JSON.parse(m[2]!) as unknown, to: JSON.parse(m[3]!) as unknown }));

/** The doc's step edits: "in the step with `"id": "x"`, change `"next": "a"` to `"next": "b"`". */
const nextChanges = [...doc.matchAll(/in the step with `"id": "([\w-]+)"`, change `"next": "([\w-]+)"` to `"next": "([\w-]+)"`/g)].map((m) => ({ step: m[1]!, from: m[2]!, to: m[3]! }));

function changeNext(change: { step: string; from: string; to: string }) {
  const flow = readV2();
  const step = flow.steps.find((s) => s.id === change.step)!;
  expect(step.next, `${change.step}'s next before the change`).toBe(change.from);
  step.next = change.to;
  writeV2(flow);
}

/** Business water's analysts' page, where its versions, findings and unknown ?v= values are. */
async function flowsPage(): Promise<string> {
  return (await fetch(`${preview.url}analysts/flows/business-water/`)).text();
}

describe("docs/analysts.md, followed through the live preview on a scratch copy of forms/", { timeout: PREVIEW_TIMEOUT }, () => {
  it("1. starts the site and its API on one port with the doc's command", async () => {
    expect(fencedBlocks(doc, "sh")[0]).toBe("npm run preview:flows");
    const scripts = (JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts["preview:flows"]).toBe("tsx scripts/livePreview.ts");

    await page.goto(`${preview.url}quote/business-water/`);
    await expect.poll(() => heading().textContent()).toBe(readFlow("business-water", 1, formsDir).steps[0]!.question);
    expect(await (await fetch(`${preview.url}api/health`)).json()).toEqual({ status: "ok" });
    expect(consoleProblems, "no hydration or other warnings").toEqual([]);
  });

  it("1. gives the settings for working on a copy, and forms:check names the copy it read in its first line", async () => {
    const commands = blockAfter(doc, "### Working on a copy", "sh").split("\n");
    expect(commands.map((c) => c.replace(/ -- .*/, ""))).toEqual([
      "FORMS_DIR=/tmp/copy/forms npm run preview:flows",
      "FORMS_DIR=/tmp/copy/forms npm run forms:check",
      "FORMS_DIR=/tmp/copy/forms npm run forms:graph",
      "FORMS_DIR=/tmp/copy/forms DATA_DIR=data/preview npm run report:funnel",
    ]);
    // The preview keeps its counts in data/preview unless DATA_DIR says otherwise, as the doc says.
    expect(readFileSync(path.join(repoRoot, "scripts/livePreview.ts"), "utf8")).toContain('DATA_DIR: "data/preview", ...env');
    expect(doc).toContain("`DATA_DIR`, which is `data/preview` unless you set it");

    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/formsCheck.ts"], { cwd: repoRoot, env: { PATH: process.env.PATH ?? "", FORMS_DIR: formsDir } });
    expect(stdout.split("\n")[0]).toBe(`Checking ${formsDir}/ (FORMS_DIR)`);
    expect(doc).toContain("`Checking /tmp/copy/forms/ (FORMS_DIR)`");
    expect(doc).toContain("`Checking forms/ (FORMS_DIR unset: the project's own folder)`");
  });

  it("2. makes v2 and, with spend's change forgotten, shows the doc's findings over the page, then v2 once it is made", async () => {
    expect(fencedBlocks(doc, "sh")).toContainEqual("cp forms/business-water/v1.json forms/business-water/v2.json");
    cpSync(path.join(formsDir, "business-water", "v1.json"), v2File);
    // A fresh copy still says version 1: the doc says to expect this error until version is changed.
    const wrongVersion = checkForms(formsDir).find((f) => f.rule === "wrong-version")!;
    expect(wrongVersion).toMatchObject({ file: `${formsDir}/business-water/v2.json`, message: "version is 1 but the file is v2.json" });
    expect(doc).toContain("the preview shows a `wrong-version` error for the copy");
    expect(doc).toContain(`(\`${wrongVersion.message}\`): every freshly copied version starts with it`);
    await expect.poll(boxLines, { timeout: 20_000 }).toEqual(expect.arrayContaining([...boxed(wrongVersion).map(asInRepo), "business-water has 1 error"]));

    // Three values changed in place, the rest of the file left as it is.
    expect(topChanges.map((c) => c.key)).toEqual(["version", "description", "start"]);
    const copied = readV2();
    for (const change of topChanges) expect(copied[change.key], `${change.key} before the change`).toEqual(change.from);
    writeV2(Object.fromEntries(Object.entries(copied).map(([key, value]) => [key, topChanges.find((c) => c.key === key)?.to ?? value])));
    expect(Object.keys(readV2())).toEqual(Object.keys(copied));
    expect(readV2()).toMatchObject({ version: 2, start: "supplier", $schema: "../../schemas/flow.schema.json" });
    expect(nextChanges.map((c) => c.step)).toEqual(["supplier", "spend"]);
    changeNext(nextChanges[0]!);
    expect(doc).toContain("Open `/quote/business-water/?v=2` in the preview");

    await page.goto(`${preview.url}quote/business-water/?v=2`);
    const shown = fencedBlocks(doc, "text")[0]!.split("\n");
    await expect.poll(boxLines, { timeout: 20_000 }).toContain(shown[0]);
    expect(await boxLines()).toEqual([...shown, "Hide until the next save"]);
    expect((await boxLines()).join("\n"), "the bundler's own hints").not.toMatch(/dismiss|hmr|vite\.config/i);
    expect(await page.locator("vite-error-overlay").count()).toBe(0);

    changeNext(nextChanges[1]!);
    const supplier = readV2().steps.find((s) => s.id === "supplier")!.question;
    await expect.poll(() => heading().textContent(), { timeout: 20_000 }).toBe(supplier);
    expect(await page.locator(".quote-flow").getAttribute("data-version")).toBe("2");
    expect(await box().count()).toBe(0);
  });

  it("3. checks it with forms:check, which prints the same findings and names the nearest step", async () => {
    expect(fencedBlocks(doc, "sh")).toContainEqual("npm run forms:check");
    expect(checkOutput()).toBe("0 errors, 0 warnings");
    expect(doc).toContain("it prints `0 errors, 0 warnings`");

    const finished = readV2();
    writeV2({ ...finished, steps: finished.steps.map((s) => (s.id === "supplier" ? { ...s, next: "adress" } : s)) });
    const misspelt = fencedBlocks(doc, "text")[1]!;
    expect(checkOutput()).toBe(`${misspelt}\n1 error, 0 warnings`);
    const [unknownStep] = checkForms(formsDir);
    await expect.poll(boxLines, { timeout: 20_000 }).toEqual(["business-water has 1 error", expect.stringMatching(/^Until it is fixed, the page shows the last good version/), ...boxed(unknownStep!).map(asInRepo), "Hide until the next save"]);
    expect((await new AxeBuilder({ page }).include("#flow-findings-box").analyze()).violations, "the box's accessibility").toEqual([]);

    const reloaded = page.waitForEvent("load");
    writeV2(finished);
    await reloaded;
    expect(await box().count()).toBe(0);
  });

  it("3. explains every rule the checks can report", () => {
    const sources = ["lintFlow.ts", "checkFlow.ts", "flowCorpus.ts", "trafficSplit.ts", "schemaFindings.ts", "conditionRules.ts", "unansweredFields.ts", "sellableLead.ts", "kinds/options.ts", "kinds/form.ts"]
      .map((file) => readFileSync(path.join(repoRoot, "engine/core", file), "utf8"))
      .join("\n");
    const rules = new Set([...sources.matchAll(/(?:add\(|rule: |report\()"([a-z-]+)"/g)].map((m) => m[1]!));
    expect(rules.size).toBeGreaterThan(15);
    const table = doc.slice(doc.indexOf("| rule |"), doc.indexOf("## 4."));
    for (const rule of rules) expect(table, rule).toContain(`\`${rule}\``);
  });

  it("4. pictures v2 starting at the retailer question, and lists it on the flow's analysts' page with its link and picture", async () => {
    expect(fencedBlocks(doc, "sh")).toContainEqual("npm run forms:graph -- business-water --version 2");
    const svg = flowSvg(readFlow("business-water", 2, formsDir));
    expect(svg).toContain("business-water v2: Compare business water prices");
    expect(svg).toMatch(/data-step="supplier"[^>]*>[^]*?radio · start/);

    const flowsTab = await browser.newPage();
    await flowsTab.goto(`${preview.url}analysts/flows/business-water/`);
    const article = flowsTab.getByRole("article", { name: /^v2 · / }).filter({ has: flowsTab.getByRole("link", { name: "Try business-water v2" }) });
    await expect.poll(() => article.getByRole("link", { name: "Try business-water v2" }).getAttribute("href")).toBe("/quote/business-water/?v=2");
    expect(await article.getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  it("4. shows on the flow's analysts' page the ?v= visitors asked for that names no version", async () => {
    await page.goto(`${preview.url}quote/business-water/?v=9`);
    await expect.poll(() => flowsPage(), { timeout: 20_000 }).toContain("<code>?v=9</code>: 1 visit,");
    expect(doc).toContain("the `?v=` values visitors asked for that name no version");
  });

  it("5. splits the traffic half and half with the doc's split.json, and warns of weights that do not add up", async () => {
    const splitFile = path.join(formsDir, "business-water", "split.json");
    writeFileSync(splitFile, JSON.stringify({ ...jsonOf(fencedBlocks(doc, "json").find((block) => block.includes('"weights"'))!), weights: { "1": 50, "2": 40 } }));
    await expect.poll(() => flowsPage(), { timeout: 20_000 }).toContain("the weights add up to 90, not 100; visitors are still split by the last good split.json (v1 100%; default v1) until it is fixed (split-total)");
    expect(doc).toContain("weights that do not add up to 100");
    expect(doc).toContain("is held back like a broken version: the last good split stays in force, and with it the experiment period");

    writeFileSync(splitFile, fencedBlocks(doc, "json").find((block) => block.includes('"weights"'))!);
    expect(checkOutput()).toBe("0 errors, 0 warnings");
    await expect.poll(() => flowsPage(), { timeout: 20_000 }).toMatch(/v2 <span[^>]*>· 50% of traffic<\/span>/);
    const water = loadFlowCorpus(formsDir).flows.find((f) => f.id === "business-water")!;
    expect(water).toMatchObject({ defaultVersion: 1, weights: { "1": 50, "2": 50 } });
  });

  it("6. plans the visitors needed per version as the doc shows, and takes the plan in split.json", async () => {
    const command = fencedBlocks(doc, "sh").find((block) => block.includes("--plan"))!;
    expect(command).toBe("npm run report:funnel -- --plan --baseline 0.12 --mde 0.02");
    const printed = await reportOutput(command);
    expect(printed).toBe(`${blockAfter(doc, "### Plan how many visitors you need", "text")}\n`);
    expect(JSON.parse(await reportOutput(`${command} --json`))).toEqual({ perVersion: 4438 });
    expect(doc).toContain('(`--json` prints `{"perVersion": 4438}`.)');

    const withPlan = { ...jsonOf(fencedBlocks(doc, "json").find((block) => block.includes('"weights"'))!), ...jsonOf(fencedBlocks(doc, "json").find((block) => block.includes('"plannedPerVersion"'))!) };
    expect(createAjv().getSchema("split.schema.json")!(withPlan)).toBe(true);
    writeFileSync(path.join(formsDir, "business-water", "split.json"), JSON.stringify(withPlan));
    expect(checkOutput()).toBe("0 errors, 0 warnings");
    expect(loadFlowCorpus(formsDir).flows.find((f) => f.id === "business-water")).toMatchObject({ plannedPerVersion: 4438 });
  });

  it("6. prints the report of the doc's counts file exactly as the doc shows it, with the figures it explains", async () => {
    const commands = fencedBlocks(doc, "sh").find((block) => block.includes("--counts"))!.split("\n");
    expect(commands).toEqual(["npm run report:funnel -- business-energy", "npm run report:funnel -- business-energy --period 3f9a2c1b7d40 --html energy-report.html", "npm run report:funnel -- --counts docs/examples/business-energy-counts.json"]);
    const printed = await reportOutput(commands[2]!);
    const shown = fencedBlocks(doc, "text").find((block) => block.startsWith("Experiment report for"))!;
    expect(printed).toBe(`${shown}\n`);
    for (const quoted of ["v2's 14.3% could well be anywhere from 13.3% to 15.3%", "(14.27% − 12.00% = +2.27)"]) expect(doc).toContain(quoted);
    expect(printed).toMatch(/v2 +40% +5,150 +735 +14\.3% +13\.3% – 15\.3%/);
    expect(printed).toMatch(/v2 +\+2\.27 .* better\n/);
    expect(printed).toContain("v3: collecting (2,600 of 4,438 planned)");
  });

  it("6. shows the example counts file as it is, and its decisions as the doc explains them", async () => {
    const shownFile = jsonOf(fencedBlocks(doc, "json").find((block) => block.includes('"flowId": "business-energy"'))!);
    const { $schema: _schema, ...committed } = JSON.parse(readFileSync(path.join(repoRoot, "docs/examples/business-energy-counts.json"), "utf8")) as Record<string, unknown>;
    expect(shownFile).toEqual(committed);
    const printed = await reportOutput("npm run report:funnel -- --counts docs/examples/business-energy-counts.json");
    expect(printed).toContain("Pending: 95 visits pending: not settled yet (shown the flow within the settling window, or with a lead still being delivered).\n");
    expect(doc).toContain("`95 visits pending: not settled yet (shown the flow within the settling window, or with a lead still being delivered).`");
    expect(printed).toContain("  v2: ship: better on value per visit and within every guardrail\n");
  });

  it("6. takes decideOn and guardrails in split.json as the doc shows them", () => {
    const split = jsonOf(fencedBlocks(doc, "json").find((block) => block.includes('"decideOn"') && block.includes('"default"'))!);
    expect(createAjv().getSchema("split.schema.json")!(split)).toBe(true);
    writeFileSync(path.join(formsDir, "business-water", "split.json"), JSON.stringify(split));
    expect(checkOutput()).toBe("0 errors, 0 warnings");
    expect(loadFlowCorpus(formsDir).flows.find((f) => f.id === "business-water")).toMatchObject({ decideOn: "value", guardrails: { leads: 0.05, acceptedLeads: 0.1 } });
  });
});

/** What `npm run report:funnel -- <args>` prints, its files taken from the repository's root as the doc's commands are. */
async function reportOutput(command: string): Promise<string> {
  const args = command.replace("npm run report:funnel -- ", "").split(" ").map((arg) => (arg.startsWith("docs/") ? path.join(repoRoot, arg) : arg));
  let out = "";
  expect(await reportFunnel(args, { out: (text) => (out += text), err: (text) => (out += text) })).toBe(0);
  return out;
}

describe("docs/analysts.md's studio on the live site", () => {
  const section = doc.slice(doc.indexOf("## The studio on the live site"), doc.indexOf("## Signing in")).replace(/\s+/g, " ");
  const studioSources = readdirSync(path.join(repoRoot, "site/studio"))
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => readFileSync(path.join(repoRoot, "site/studio", name), "utf8"))
    .join("\n");

  it("names in bold only the buttons, boxes and regions the live studio shows", () => {
    // A paragraph's bold lead-in ("**Ship the winner, or roll back.**") is the guide's, not the studio's.
    const named = [...section.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]!).filter((words) => !words.endsWith("."));
    expect(named).toEqual(expect.arrayContaining(["Publish", "Publish these changes?", "Why", "Confirm publish", "Traffic", "Confirm traffic change", "History", "Restore this traffic"]));
    for (const words of named) {
      // "Ship vN" is drawn as `Ship v{version}` (or `Ship v${version}` in a string).
      const drawn = words.endsWith(" vN") ? [`${words.slice(0, -1)}{`, `${words.slice(0, -1)}$`] : [words];
      expect(
        drawn.some((form) => studioSources.includes(form)),
        `**${words}** is in the studio's pages`,
      ).toBe(true);
    }
  });

  it("says where the studio is, and that a published version never changes", () => {
    expect(section).toContain("`/analysts/studio/`");
    expect(section).toContain("published versions never change");
    expect(section).toContain("**New version from this one**");
  });
});
