/**
 * The quote flows the server accepts: every forms/<flowId>/v<N>.json, checked at start, and each
 * flow's split.json. A broken file stops the start with a FlowError naming the file and step.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type Ajv from "ajv";
import { checkFlow, FlowError } from "../engine/core/checkFlow";
import type { FlowDocument } from "../engine/core/types";
import type { TrafficSplit } from "../schemas/generated/split";
import { displayPath } from "./displayPath";

/** Looks up loaded flows by id and version. */
export interface FlowCatalog {
  /** The flow document of this version, or undefined when the flow or the version is unknown. */
  getFlow(flowId: string, version: number): FlowDocument | undefined;
  /** The version visitors get by default (split.json's `default`, else the lowest), or undefined for an unknown flow. */
  defaultVersion(flowId: string): number | undefined;
}

const versionFile = /^v([1-9][0-9]*)\.json$/;

/** Reads and checks every flow under formsDir; throws a FlowError listing every problem found. */
export async function loadFlowCatalog(formsDir: string, ajv: Ajv): Promise<FlowCatalog> {
  const folders = await flowFolders(formsDir);
  const knownFlows = new Set(folders.keys());
  const flows = new Map<string, Map<number, FlowDocument>>();
  const defaults = new Map<string, number>();
  const problems: string[] = [];

  for (const [flowId, versionNumbers] of folders) {
    const versions = new Map<number, FlowDocument>();
    for (const version of versionNumbers) {
      const file = path.join(formsDir, flowId, `v${version}.json`);
      try {
        versions.set(version, checkFlowFile(ajv, await readJson(file), file, flowId, version, knownFlows));
      } catch (error) {
        problems.push(...problemsOf(error));
      }
    }
    flows.set(flowId, versions);
    try {
      defaults.set(flowId, await readDefaultVersion(ajv, path.join(formsDir, flowId, "split.json"), versionNumbers));
    } catch (error) {
      problems.push(...problemsOf(error));
    }
  }
  if (problems.length > 0) throw new FlowError(problems);

  return {
    getFlow: (flowId, version) => flows.get(flowId)?.get(version),
    defaultVersion: (flowId) => defaults.get(flowId),
  };
}

/** Flow id → its version numbers (ascending), for every folder holding at least one v<N>.json. */
async function flowFolders(formsDir: string): Promise<Map<string, number[]>> {
  const folders = new Map<string, number[]>();
  const entries = await readdir(formsDir, { withFileTypes: true }).catch((error: unknown) => {
    throw new Error(`Cannot read the forms folder ${displayPath(formsDir)}: ${String(error)}`, { cause: error });
  });
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const files = await readdir(path.join(formsDir, entry.name));
    const versions = files.flatMap((f) => {
      const match = versionFile.exec(f);
      return match ? [Number(match[1])] : [];
    });
    // Folders without versions hold data that flows refer to (deals tables), not flows.
    if (versions.length > 0) folders.set(entry.name, versions.sort((a, b) => a - b));
  }
  return folders;
}

function checkFlowFile(
  ajv: Ajv,
  doc: unknown,
  file: string,
  flowId: string,
  version: number,
  knownFlows: ReadonlySet<string>,
): FlowDocument {
  const shown = displayPath(file);
  const flow = checkFlow(ajv, doc, shown, { knownFlows });
  // The route and the submission name a flow by folder and file, so the document must agree with both.
  const problems: string[] = [];
  if (flow.id !== flowId) problems.push(`${shown}: id "${flow.id}" does not match its folder "${flowId}"`);
  if (flow.version !== version) problems.push(`${shown}: version ${flow.version} does not match its file name v${version}.json`);
  if (problems.length > 0) throw new FlowError(problems);
  return flow;
}

/** split.json's default version after checking it names only versions that exist; the lowest version without one. */
async function readDefaultVersion(ajv: Ajv, file: string, versions: number[]): Promise<number> {
  const lowest = versions[0]!;
  const doc = await readJson(file).catch((error: unknown) => {
    if ((error as { cause?: NodeJS.ErrnoException }).cause?.code === "ENOENT") return undefined;
    throw error;
  });
  if (doc === undefined) return lowest;
  const shown = displayPath(file);
  const validate = ajv.getSchema("split.schema.json");
  if (!validate) throw new Error("split.schema.json is not registered with Ajv");
  if (!validate(doc)) {
    throw new FlowError((validate.errors ?? []).map((e) => `${shown}: ${e.instancePath || "/"} ${e.message ?? "is invalid"}`));
  }
  const split = doc as TrafficSplit;
  const problems: string[] = [];
  if (!versions.includes(split.default)) problems.push(`${shown}: default names missing version v${split.default}.json`);
  for (const key of Object.keys(split.weights)) {
    if (!versions.includes(Number(key))) problems.push(`${shown}: weights name missing version v${key}.json`);
  }
  const total = Object.values(split.weights).reduce((sum, weight) => sum + weight, 0);
  if (Math.abs(total - 100) > 1e-9) problems.push(`${shown}: weights add up to ${total}, not 100`);
  if (problems.length > 0) throw new FlowError(problems);
  return split.default;
}

async function readJson(file: string): Promise<unknown> {
  const text = await readFile(file, "utf8").catch((error: unknown) => {
    throw new Error(`${displayPath(file)}: cannot be read`, { cause: error });
  });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FlowError([`${displayPath(file)}: not valid JSON (${(error as Error).message})`]);
  }
}

function problemsOf(error: unknown): string[] {
  if (error instanceof FlowError) return error.problems;
  throw error;
}
