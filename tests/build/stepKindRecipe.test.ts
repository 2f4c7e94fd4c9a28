/**
 * docs/developers.md's "Add a step kind", followed literally on a scratch copy of the repository: each snippet goes
 * where the page says, the commands it names are run there, and the compiler and the tests it names must agree.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../engine/node/formsFolder";
import { schemaStepKinds } from "../fixtures/stepKinds";
import { blockAfter, fencedBlocks, jsonOf } from "../unit/docsSnippets";

const doc = readFileSync(path.join(repoRoot, "docs/developers.md"), "utf8");
const between = (text: string, from: string, to: string) => text.slice(text.indexOf(from), text.indexOf(to));
const fieldSection = between(doc, "## Add a field", "## Add a step kind");
const kindSection = between(doc, "## Add a step kind", "## The precompiled validators");
const placesToTouch = between(kindSection, "2. **Every place", "3. **Component.**");
/** What the page adds: the example kind, read from its schema snippet. */
const exampleKind = String((Object.values(jsonOf(blockAfter(kindSection, "add the definition to `definitions`", "json")))[0] as { properties: { kind: { const: string } } }).properties.kind.const);

/** A place the page names as "`file`, `symbol`", with the code blocks it gives for it. */
interface Place {
  file: string;
  symbol: string;
  snippets: string[];
}

function placesIn(text: string): Place[] {
  const headers = [...text.matchAll(/`([\w./-]+\.tsx?)`, `(\w+)`/g)];
  return headers.map((match, i) => {
    const next = headers[i + 1]?.index ?? text.length;
    const own = text.slice(match.index, Math.min(next, nextStep(text, match.index)));
    return { file: match[1]!, symbol: match[2]!, snippets: [...fencedBlocks(own, "ts"), ...fencedBlocks(own, "tsx")] };
  });
}

/** Where the numbered step holding `from` ends. */
function nextStep(text: string, from: number): number {
  const at = text.slice(from).search(/^\d+\. \*\*/m);
  return at < 0 ? text.length : from + at;
}

/** The source with one snippet put where the page says: an import among the imports, a case before the named function's `default:`, an entry at the top of the named table. */
function insert(source: string, symbol: string, snippet: string): string {
  if (snippet.startsWith("import ")) {
    const lastImport = [...source.matchAll(/^import .*$/gm)].at(-1)!;
    const at = lastImport.index + lastImport[0].length + 1;
    return source.slice(0, at) + snippet + "\n" + source.slice(at);
  }
  const declared = source.search(new RegExp(`(function|const) ${symbol}\\b`));
  if (declared < 0) throw new Error(`no ${symbol} to add to`);
  const lineStart = (at: number) => source.lastIndexOf("\n", at) + 1;
  const indented = (indent: string) => snippet.split("\n").map((line) => indent + line).join("\n");
  if (snippet.startsWith("case ")) {
    const at = source.indexOf("default:", declared);
    const start = lineStart(at);
    return source.slice(0, start) + indented(source.slice(start, at)) + "\n" + source.slice(start);
  }
  const opening = declared + source.slice(declared).search(/=\s*[[{]/);
  const bracket = source.slice(opening).search(/[[{]/) + opening + 1;
  if (source[bracket] !== "\n") return `${source.slice(0, bracket)}${snippet} ${source.slice(bracket)}`;
  const indent = `${/^ */.exec(source.slice(lineStart(declared)))![0]}  `;
  return source.slice(0, bracket + 1) + indented(indent) + "\n" + source.slice(bracket + 1);
}

let scratch: string;
const inScratch = (file: string) => path.join(scratch, file);
const edit = (file: string, change: (source: string) => string) => writeFileSync(inScratch(file), change(readFileSync(inScratch(file), "utf8")));

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

beforeAll(() => {
  if (schemaStepKinds().includes(exampleKind)) {
    throw new Error(`"${exampleKind}" is a real step kind now: give docs/developers.md's "Add a step kind" an example the repository does not have`);
  }
  scratch = mkdtempSync(path.join(tmpdir(), "step-kind-recipe-"));
  for (const folder of ["engine", "schemas", "site", "scripts", "server", "tests", "forms"]) {
    cpSync(path.join(repoRoot, folder), inScratch(folder), { recursive: true, filter: (from) => !/[\\/](node_modules|dist)$/.test(from) });
  }
  for (const file of ["package.json", "tsconfig.json", "vite.config.ts", "vitest.config.ts", "playwright.config.ts"]) cpSync(path.join(repoRoot, file), inScratch(file));
  symlinkSync(path.join(repoRoot, "node_modules"), inScratch("node_modules"), "dir");

  // The field the example asks, added as "Add a field" says.
  const fields = JSON.parse(readFileSync(inScratch("schemas/fields.schema.json"), "utf8")) as { properties: object; definitions: { fieldKey: { enum: string[] } } };
  const field = jsonOf(blockAfter(fieldSection, "schemas/fields.schema.json", "json"));
  Object.assign(fields.properties, field);
  fields.definitions.fieldKey.enum.push(...Object.keys(field));
  writeFileSync(inScratch("schemas/fields.schema.json"), JSON.stringify(fields, null, 2));
  for (const { file, symbol, snippets } of placesIn(fieldSection)) edit(file, (source) => snippets.reduce((text, snippet) => insert(text, symbol, snippet), source));
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe(`docs/developers.md: add a step kind ("${exampleKind}")`, () => {
  it("step 1: the schema entry and the regenerated types", () => {
    const flow = JSON.parse(readFileSync(inScratch("schemas/flow.schema.json"), "utf8")) as { definitions: Record<string, unknown> & { step: { oneOf: unknown[] } } };
    Object.assign(flow.definitions, jsonOf(blockAfter(kindSection, "add the definition to `definitions`", "json")));
    flow.definitions.step.oneOf.push(jsonOf(blockAfter(kindSection, "definitions.step.oneOf", "json")));
    writeFileSync(inScratch("schemas/flow.schema.json"), JSON.stringify(flow, null, 2));
    expect(kindSection).toContain("Then `npm run schemas:types`");
    const generated = run("npm run schemas:types --silent");
    expect(generated.status, generated.output).toBe(0);
    expect(readFileSync(inScratch("schemas/generated/flow.ts"), "utf8")).toMatch(/export type Step =[^;]*\| NumberStep/);
  }, 120_000);

  it("step 2: the compiler fails in exactly the places the page lists", () => {
    expect(typecheckErrors()).toEqual([...new Set(placesIn(placesToTouch).map((place) => place.file))].sort());
  }, 300_000);

  it("steps 2 to 6: with every snippet in place it compiles, and the tests the page names pass", () => {
    const written = [...kindSection.matchAll(/Write `([^`]+)`/g)].map((match) => match[1]!);
    expect(written).toEqual([`engine/react/steps/NumberStep.tsx`, `tests/unit/react/NumberStep.test.tsx`]);
    for (const file of written) {
      mkdirSync(path.dirname(inScratch(file)), { recursive: true });
      writeFileSync(inScratch(file), `${blockAfter(kindSection, `Write \`${file}\``, "tsx")}\n`);
    }
    const places = placesIn(kindSection).filter((place) => place.snippets.length > 0);
    for (const { file, symbol, snippets } of places) edit(file, (source) => snippets.reduce((text, snippet) => insert(text, symbol, snippet), source));
    const touched = new Set([...places.map((place) => place.file), ...written, "schemas/flow.schema.json"]);
    expect(kindSection).toContain(`${["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"][touched.size]} files edited by hand`);

    expect(typecheckErrors()).toEqual([]);
    const tests = run(blockAfter(kindSection, "7. **Check.**", "sh"));
    expect(tests.status, tests.output.slice(-4000)).toBe(0);
    expect(tests.output).toMatch(/Test Files\s+5 passed/);
  }, 600_000);
});
