/**
 * `npm run forms:check`: validates every flow document against the schema and lints it (unreachable steps,
 * dead ends, submit steps per path, labels, repeated fields, versions that disagree, split weights).
 * Prints each finding with its file, step and fix; exits 1 when there is an error.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FlowError, checkFlow } from "../engine/core/checkFlow";
import { createAjv } from "../engine/core/createAjv";
import { lintFlow, lintFlowVersions, type Finding } from "../engine/core/lintFlow";
import type { FlowDocument } from "../engine/core/types";
import type { TrafficSplit } from "../schemas/generated/split";

const repoRoot = fileURLToPath(new URL("../", import.meta.url));

/** Every finding for the flows under `formsDir`, with file names relative to the repository. */
export function checkForms(formsDir = path.join(repoRoot, "forms")): Finding[] {
  const ajv = createAjv();
  const rel = (file: string) => path.relative(repoRoot, file);
  const folders = readdirSync(formsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ flowId: e.name, dir: path.join(formsDir, e.name), files: readdirSync(path.join(formsDir, e.name)).filter((f) => /^v\d+\.json$/.test(f)) }))
    .filter((folder) => folder.files.length > 0);
  const knownFlows = new Set(folders.map((f) => f.flowId));
  const findings: Finding[] = [];

  for (const { flowId, dir, files } of folders) {
    const versions: Array<{ file: string; flow: FlowDocument }> = [];
    for (const name of files.sort((a, b) => Number(a.slice(1, -5)) - Number(b.slice(1, -5)))) {
      const file = rel(path.join(dir, name));
      const doc = readJson(path.join(dir, name), file, findings);
      if (doc === undefined) continue;
      if (typeof doc === "object" && doc !== null && !("$schema" in doc)) {
        findings.push({ severity: "error", rule: "missing-schema", file, message: "has no $schema, so editors cannot autocomplete or check it", fix: 'add "$schema": "../../schemas/flow.schema.json"' });
      }
      let flow: FlowDocument;
      try {
        flow = checkFlow(ajv, doc, file, { knownFlows });
      } catch (error) {
        if (!(error instanceof FlowError)) throw error;
        findings.push(...error.problems.map((problem) => schemaFinding(file, problem)));
        continue;
      }
      if (flow.id !== flowId) findings.push({ severity: "error", rule: "wrong-id", file, message: `id is "${flow.id}" but the folder is "${flowId}"`, fix: `set "id": "${flowId}"` });
      if (`v${flow.version}.json` !== name) findings.push({ severity: "error", rule: "wrong-version", file, message: `version is ${flow.version} but the file is ${name}`, fix: `set "version": ${name.slice(1, -5)}` });
      findings.push(...lintFlow(flow, file));
      versions.push({ file, flow });
    }
    const splitPath = path.join(dir, "split.json");
    let split: { file: string; doc: TrafficSplit } | undefined;
    if (existsSync(splitPath)) {
      const file = rel(splitPath);
      const doc = readJson(splitPath, file, findings);
      const validate = ajv.getSchema("split.schema.json")!;
      if (doc !== undefined && validate(doc)) split = { file, doc: doc as TrafficSplit };
      else if (doc !== undefined) {
        for (const e of validate.errors ?? []) findings.push({ severity: "error", rule: "schema", file, message: `${e.instancePath || "/"} ${e.message ?? "is invalid"}`, fix: "match schemas/split.schema.json" });
      }
    }
    findings.push(...lintFlowVersions(flowId, versions, split));
  }
  return findings;
}

function readJson(absolute: string, file: string, findings: Finding[]): unknown {
  try {
    return JSON.parse(readFileSync(absolute, "utf8")) as unknown;
  } catch (error) {
    findings.push({ severity: "error", rule: "invalid-json", file, message: `is not valid JSON: ${(error as Error).message}`, fix: "correct the JSON syntax" });
    return undefined;
  }
}

/** A checkFlow problem ("file: step "x": message") as a finding. */
function schemaFinding(file: string, problem: string): Finding {
  const rest = problem.startsWith(`${file}: `) ? problem.slice(file.length + 2) : problem;
  const match = /^step "([^"]+)": (.*)$/.exec(rest);
  const message = match ? match[2]! : rest;
  return { severity: "error", rule: "schema", file, ...(match ? { step: match[1]! } : {}), message, fix: fixFor(message) };
}

function fixFor(message: string): string {
  if (message.includes("unknown field")) return "use a key from schemas/fields.schema.json, or add the field there";
  if (message.includes("unknown step")) return "name a step id that exists in this file";
  if (message.includes("unknown flow")) return "name a folder under forms/";
  if (message.includes("duplicate step id")) return "give each step its own id";
  if (message.includes("unknown operator")) return "use a JSONLogic operator such as ==, !=, in, and, or";
  return "match schemas/flow.schema.json (your editor shows the expected shape)";
}

/** One line per finding: `file: step "id": message (rule)` and its fix beneath. */
export function formatFinding(f: Finding): string {
  return `${f.severity === "error" ? "error" : "warning"}  ${f.file}: ${f.step ? `step "${f.step}": ` : ""}${f.message} (${f.rule})\n         fix: ${f.fix}`;
}

/** What `npm run forms:check` prints: each finding, then the count of errors and warnings. */
export function formatFindings(findings: Finding[]): string {
  const errors = findings.filter((f) => f.severity === "error").length;
  return [...findings.map(formatFinding), `${errors} errors, ${findings.length - errors} warnings`].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const findings = checkForms();
  console.log(formatFindings(findings));
  process.exit(findings.some((f) => f.severity === "error") ? 1 : 0);
}
