/**
 * docs/adding-a-step-kind.md, followed on a scratch copy of the repository: the page's schema entry, the kind's two
 * files and one line in each registry, and nothing else; then the checker, the walker, the server's replay, the
 * renderer, the studio's "Add step" and the build must handle a flow that uses the new kind.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../engine/node/formsFolder";
import { schemaStepKinds } from "../fixtures/stepKinds";
import { blockAfter, fencedBlocks, jsonOf } from "../unit/docsSnippets";

const doc = readFileSync(path.join(repoRoot, "docs/adding-a-step-kind.md"), "utf8");
const section = (from: string, to: string) => doc.slice(doc.indexOf(from), doc.indexOf(to));
const schemaSection = section("## 1. The schema entry", "## 2.");
const registrySection = section("## 4. One line in each registry", "## 5.");
const kindOfExample = String((Object.values(jsonOf(blockAfter(schemaSection, "add the step's definition", "json")))[0] as { properties: { kind: { const: string } } }).properties.kind.const);

let scratch: string;
const inScratch = (file: string) => path.join(scratch, file);
const edit = (file: string, change: (source: string) => string) => writeFileSync(inScratch(file), change(readFileSync(inScratch(file), "utf8")));
const touched = new Set<string>();

/** Runs a command in the scratch copy, away from this test run's own settings. */
function run(command: string): { status: number | null; output: string } {
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST") && name !== "NODE_OPTIONS")), NO_COLOR: "1" };
  const result = spawnSync("sh", ["-c", command], { cwd: scratch, env, encoding: "utf8", timeout: 300_000 });
  // eslint-disable-next-line no-control-regex -- colour codes, if a tool prints them anyway
  return { status: result.status, output: `${result.stdout}${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, "") };
}

/** The files `npm run typecheck` finds errors in. */
function typecheckErrors(): string[] {
  const { output } = run("npm run typecheck --silent");
  return [...new Set([...output.matchAll(/^([\w./-]+\.tsx?)\(\d+,\d+\): error/gm)].map((m) => m[1]!))].sort();
}

/** Puts an import after a file's last import, and an entry first in the object literal declared as `name`. */
function addToRegistry(source: string, name: string, importLine: string, entry: string): string {
  const lastImport = [...source.matchAll(/^import .*$/gm)].at(-1)!;
  const afterImports = lastImport.index + lastImport[0].length + 1;
  const withImport = source.slice(0, afterImports) + importLine + "\n" + source.slice(afterImports);
  const opening = withImport.indexOf("{", withImport.search(new RegExp(`const ${name}\\b`))) + 1;
  return `${withImport.slice(0, opening)}\n  ${entry}${withImport.slice(opening)}`;
}

beforeAll(() => {
  if (schemaStepKinds().includes(kindOfExample)) {
    throw new Error(`"${kindOfExample}" is a real step kind now: give docs/adding-a-step-kind.md an example the repository does not have`);
  }
  scratch = mkdtempSync(path.join(tmpdir(), "step-kind-recipe-"));
  for (const folder of ["engine", "schemas", "site", "scripts", "server", "tests", "forms"]) {
    cpSync(path.join(repoRoot, folder), inScratch(folder), { recursive: true, filter: (from) => !/[\\/](node_modules|dist)$/.test(from) });
  }
  for (const file of ["package.json", "tsconfig.json", "vite.config.ts", "vitest.config.ts", "playwright.config.ts"]) cpSync(path.join(repoRoot, file), inScratch(file));
  symlinkSync(path.join(repoRoot, "node_modules"), inScratch("node_modules"), "dir");
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe(`docs/adding-a-step-kind.md ("${kindOfExample}")`, () => {
  it("1. the schema entry: the types are regenerated, and the compiler points at the three registries", () => {
    edit("schemas/flow.schema.json", (text) => {
      const flow = JSON.parse(text) as { definitions: Record<string, unknown> & { step: { oneOf: unknown[] } } };
      Object.assign(flow.definitions, jsonOf(blockAfter(schemaSection, "add the step's definition", "json")));
      flow.definitions.step.oneOf.push(jsonOf(blockAfter(schemaSection, "definitions.step.oneOf", "json")));
      return JSON.stringify(flow, null, 2);
    });
    touched.add("schemas/flow.schema.json");
    const generated = run("npm run schemas:types --silent");
    expect(generated.status, generated.output).toBe(0);
    expect(readFileSync(inScratch("schemas/generated/flow.ts"), "utf8")).toMatch(/export type Step =[^;]*\| YesNoStep/);
    expect(typecheckErrors()).toEqual(["engine/core/kinds/registry.ts", "engine/core/kinds/startingSteps.ts", "engine/react/registry.ts"]);
  }, 300_000);

  it("2 to 4. the kind's own files and one line in each registry: six files in all, and it compiles", () => {
    for (const file of [...doc.matchAll(/^Write `([^`]+)`:/gm)].map((match) => match[1]!)) {
      const lang = file.endsWith(".tsx") ? "tsx" : "ts";
      writeFileSync(inScratch(file), `${blockAfter(doc, `Write \`${file}\``, lang)}\n`);
      touched.add(file);
    }
    const [coreImport, coreEntry, componentImport, componentEntry, startingImport, startingEntry] = fencedBlocks(registrySection, "ts");
    edit("engine/core/kinds/registry.ts", (source) => addToRegistry(source, "stepKinds", coreImport!, coreEntry!));
    edit("engine/react/registry.ts", (source) => addToRegistry(source, "stepRegistry", componentImport!, componentEntry!));
    edit("engine/core/kinds/startingSteps.ts", (source) => addToRegistry(source, "startingSteps", startingImport!, startingEntry!));
    touched.add("engine/core/kinds/registry.ts").add("engine/react/registry.ts").add("engine/core/kinds/startingSteps.ts");

    expect([...touched].sort()).toEqual(["engine/core/kinds/registry.ts", "engine/core/kinds/startingSteps.ts", "engine/core/kinds/yesNo.ts", "engine/react/registry.ts", "engine/react/steps/YesNoStep.tsx", "schemas/flow.schema.json"]);
    expect(doc).toContain("That is six files");
    expect(typecheckErrors()).toEqual([]);
  }, 300_000);

  it("5. the checker, its lint rule, the walker, the server's replay, the renderer and the studio's Add step handle a flow that uses it", () => {
    const step = jsonOf(blockAfter(registrySection, "a flow may use the kind", "json")) as { id: string; next: string; question: string };
    const flowFile = "forms/business-water/v1.json";
    edit(flowFile, (text) => {
      const flow = JSON.parse(text) as { start: string; steps: unknown[] };
      expect(flow.start).toBe(step.next);
      return JSON.stringify({ ...flow, start: step.id, steps: [step, ...flow.steps] }, null, 2);
    });
    writeFileSync(inScratch("yes-no-check.tsx"), CHECK_SCRIPT);

    const checked = run("npx tsx yes-no-check.tsx");
    expect(checked.status, checked.output).toBe(0);
    const results = JSON.parse(checked.output.slice(checked.output.indexOf("{"))) as Record<string, unknown>;
    expect(results).toEqual({
      errors: [],
      lint: [{ rule: "yes-no-question", step: "switched" }],
      walkedTo: "sites",
      studio: { added: "yes-no", findings: [] },
      lead: { status: 200, stored: "yes" },
      wrongAnswer: { status: 400, fields: ["currentlyUsesAService"] },
      rendered: { question: true, yes: true, no: true },
    });

    const formsCheck = run("npm run forms:check --silent");
    expect(formsCheck.status, formsCheck.output).toBe(0);
  }, 300_000);

  it("5. the build pre-renders the flow's first step, the new kind's question", () => {
    const built = run("npm run build --silent");
    expect(built.status, built.output.slice(-3000)).toBe(0);
    const page = inScratch("dist/client/quote/business-water/v1.html");
    expect(existsSync(page)).toBe(true);
    expect(readFileSync(page, "utf8")).toContain("Have you switched supplier before?");
  }, 600_000);
});

/** Run in the scratch copy with tsx: the engine, the server and the renderer of the scratch copy, on its forms folder. */
const CHECK_SCRIPT = `
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { loadFlowCorpus } from "./engine/node/formsFolder";
import { readFlowCorpus } from "./engine/core/flowCorpus";
import { createSchemaCheck } from "./engine/node/validation";
import { walkPastAnswered } from "./engine/core/walkFlow";
import { flowFindings } from "./engine/core/checkFlow";
import { lintFlow } from "./engine/core/lintFlow";
import { addStepAfter } from "./engine/studio/stepEdits";
import { QuoteFlow } from "./engine/react/QuoteFlow";
import { buildServer } from "./server/buildServer";
import { loadConfig } from "./server/config";
import { openDatabase } from "./server/storage/database";

const formsDir = path.resolve("forms");
const corpus = loadFlowCorpus(formsDir);
const errors = corpus.findings.filter((f) => f.severity === "error").map((f) => f.file + ": " + f.message);
const water = corpus.flows.find((f) => f.id === "business-water")!.versions.find((v) => v.version === 1)!.flow!;

// The kind's own lint rule, on a copy whose question is no question.
// Alone in its folder, so its success page offers no other flows (they would not be there).
const unasked = { ...water, steps: water.steps.map((s) => ({ ...s, services: undefined, ...(s.id === "switched" ? { question: "Switched supplier before" } : {}) })) };
const linted = readFlowCorpus({ root: "forms", files: [{ path: "business-water/v1.json", text: JSON.stringify({ $schema: "../../schemas/flow.schema.json", ...unasked }) }] }, createSchemaCheck());
const lint = linted.findings.filter((f) => f.rule === "yes-no-question").map((f) => ({ rule: f.rule, step: f.step }));

const walkedTo = walkPastAnswered(water, { currentlyUsesAService: "yes" } as never).stepId;

// The studio adds a step of the kind after the first: its starting step, placed in the flow, passes every check.
const added = addStepAfter(water, "switched", "yes-no" as never);
const addedFindings = [...(flowFindings(createSchemaCheck(), added.flow, "forms/business-water/v1.json").findings), ...lintFlow(added.flow, "forms/business-water/v1.json", createSchemaCheck())];
const studio = { added: added.flow.steps.find((s) => s.id === added.added)?.kind, findings: addedFindings.map((f) => f.rule + ": " + f.message) };

const answers = {
  currentlyUsesAService: "yes",
  numberOfSites: (water.steps.find((s) => s.id === "sites") as { options: Array<{ value: string }> }).options[0]!.value,
  spendString: (water.steps.find((s) => s.id === "spend") as { options: Array<{ value: string }> }).options[0]!.value,
  currentSupplier: (water.steps.find((s) => s.id === "supplier") as { options: Array<{ value: string }> }).options[0]!.value,
  businessAddressManual: false,
  businessAddress: { id: "demo-ls1-4dy-2", lines: ["Brightwell Print Studio", "14 Calder Row"], townCity: "Leeds", postcode: "LS1 4DY" },
  postcode: "LS1 4DY",
  businessName: "Brightwell Print Studio",
  customerName: "Alex Example",
  phone: "0113 496 0000",
  email: "alex@example.com",
};
const dataDir = mkdtempSync(path.join(tmpdir(), "yes-no-"));
const config = loadConfig({ DATA_DIR: dataDir, SITE_DIR: path.join(dataDir, "no-site"), FORMS_DIR: formsDir, MIN_FILL_MS: "0", OPENING_HOURS: "always", LOG_LEVEL: "silent" });
const app = await buildServer({ config, logger: false, deliveryWorker: false });
// From the site's own page: HOST and PORT by default, so http://localhost:3000.
const post = (given: Record<string, unknown>) => app.inject({ method: "POST", url: "/api/leads", headers: { origin: "http://localhost:3000" }, payload: { flowId: "business-water", version: 1, answers: given } });
const stored = await post(answers);
const leadId = stored.json().leadId;
const reader = await openDatabase({ file: path.join(dataDir, "leads.sqlite") });
const row = await reader.selectFrom("leads").select("answers").where("id", "=", leadId).executeTakeFirst();
await reader.destroy();
const wrong = await post({ ...answers, currentlyUsesAService: "maybe" });
await app.close();

const noServices = {
  lookupAddresses: async () => [],
  submitLead: async () => ({ code: "1" }),
  loadValidator: async () => { throw new Error("none"); },
  startFlow: () => undefined,
  loadPartners: async () => [],
  loadDeals: async () => [],
};
const html = renderToString(createElement(QuoteFlow, { flow: water, services: noServices as never }));

console.log(JSON.stringify({
  errors,
  lint,
  walkedTo,
  studio,
  lead: { status: stored.statusCode, stored: row ? JSON.parse(row.answers).currentlyUsesAService : undefined },
  wrongAnswer: { status: wrong.statusCode, fields: (wrong.json().errors ?? []).map((e: { field: string }) => e.field) },
  rendered: { question: html.includes("Have you switched supplier before?"), yes: html.includes('value="yes"'), no: html.includes('value="no"') },
}));
process.exit(0);
`;
