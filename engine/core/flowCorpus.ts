/**
 * The forms folder as one model: a listing of its files in, every flow's versions and split and every finding
 * out. The server, the build, the live preview, the scripts and the tests all read forms/ through this, so the
 * same mistake gives the same finding everywhere. A version file with an error is not served: its last good
 * copy is (when the caller has one), else the flow's other versions, the default falling back among them.
 */
import { flowFindings } from "./checkFlow";
import { hasErrors, type Finding } from "./findings";
import { lintFlow, lintFlowVersions } from "./lintFlow";
import { holdBackSplit, readSplit, servedSplit, type SplitHeldBack } from "./trafficSplit";
import type { FlowDocument, SchemaCheck } from "./types";
import type { TrafficSplit } from "../../schemas/generated/split";

/** One file of the forms folder: its path inside the folder (`business-water/v1.json`) and its text. */
export interface FormsFile {
  path: string;
  text: string;
}

/** The forms folder's files, and how messages name the folder (`forms`). */
export interface FormsListing {
  root: string;
  files: FormsFile[];
}

/** One version file of a flow. */
export interface CorpusVersion {
  version: number;
  /** The file as messages name it: `forms/business-water/v2.json`. */
  file: string;
  /** The document visitors get for this version; undefined when the file is broken and there is no good copy. */
  flow?: FlowDocument;
  /** The file's document as it is now, when it has a flow's shape (it may still have other errors): for pictures. */
  current?: FlowDocument;
  /** The file as it is now has an error. */
  broken: boolean;
  /** `flow` is the last good copy of a file that is broken now. */
  stale: boolean;
}

/** One flow: a folder under forms/ holding at least one version file. */
export interface CorpusFlow {
  id: string;
  /** Its route under /quote/ and page title, from a version that loaded (else the id). */
  path: string;
  title: string;
  serviceType?: string;
  /** Every version file, by number, served or not. */
  versions: CorpusVersion[];
  /** The split in force: split.json as written when it has no error, else its last good reading (if any). */
  split?: TrafficSplit;
  /** split.json has an error, so it is held back: its last good reading is in force, or none and the default gets everyone. */
  splitHeldBack?: SplitHeldBack;
  /** The version visitors without ?v= fall back to; undefined when no version can be served. */
  defaultVersion?: number;
  /** Each served version's share of visitors without ?v=. */
  weights: Record<string, number>;
  /** Visitors planned per version (split.json's `plannedPerVersion`): the experiment report's target. */
  plannedPerVersion?: number;
  /** The metric versions are judged on (split.json's `decideOn`; the report's default is "value"). */
  decideOn?: ExperimentMetric;
  /** Metric → tolerated relative loss against the control (split.json's `guardrails`), as written. */
  guardrails?: Partial<Record<ExperimentMetric, number>>;
}

/** What a version can be judged on, per visit: visits with a lead, visits with an accepted lead, pounds paid. */
export type ExperimentMetric = "leads" | "acceptedLeads" | "value";

/** Every flow, by id, and every finding, in the order of the files. */
export interface FlowCorpus {
  root: string;
  flows: CorpusFlow[];
  findings: Finding[];
}

/** A version file's name, its number captured: `v2.json`. */
export const VERSION_FILE = /^v([1-9][0-9]*)\.json$/;
const SPLIT_FILE = "split.json";

/** Reads a listing of the forms folder; `previous` (the last reading) supplies the last good copy of a file broken since. */
export function readFlowCorpus(listing: FormsListing, check: SchemaCheck, previous?: FlowCorpus): FlowCorpus {
  const folders = new Map<string, Map<string, string>>();
  for (const { path, text } of listing.files) {
    const [folder, name, ...deeper] = path.split("/");
    if (!folder || !name || deeper.length > 0) continue;
    if (!folders.has(folder)) folders.set(folder, new Map());
    folders.get(folder)!.set(name, text);
  }
  // A folder without a version file holds data flows refer to (the deals tables), not a flow.
  const flowIds = [...folders.keys()].filter((id) => [...folders.get(id)!.keys()].some((name) => VERSION_FILE.test(name))).sort();
  const knownFlows = new Set(flowIds);
  const findings: Finding[] = [];
  const flows = flowIds.map((id) => {
    const flow = readFlow(id, folders.get(id)!, `${listing.root}/${id}`, check, knownFlows, previous?.flows.find((f) => f.id === id));
    findings.push(...flow.findings);
    return flow.flow;
  });
  return { root: listing.root, flows, findings };
}

/**
 * One flow read again from its folder's files (name → text), exactly as readFlowCorpus reads it among the flows
 * `knownFlows` names; `previous` (its last reading) supplies the last good copy of a file broken since. What changes
 * one flow (a publish, its traffic) is read this way, without reading every other flow again (corpusSplice.ts).
 */
export function readOneFlow(root: string, id: string, files: ReadonlyMap<string, string>, check: SchemaCheck, knownFlows: ReadonlySet<string>, previous?: CorpusFlow): { flow: CorpusFlow; findings: Finding[] } {
  return readFlow(id, new Map(files), `${root}/${id}`, check, knownFlows, previous);
}

function readFlow(
  id: string,
  files: Map<string, string>,
  dir: string,
  check: SchemaCheck,
  knownFlows: ReadonlySet<string>,
  previous: CorpusFlow | undefined,
): { flow: CorpusFlow; findings: Finding[] } {
  const findings: Finding[] = [];
  const numbers = [...files.keys()].flatMap((name) => VERSION_FILE.exec(name)?.[1] ?? []).map(Number).sort((a, b) => a - b);
  for (const name of [...files.keys()].sort()) {
    if (!VERSION_FILE.test(name) && name !== SPLIT_FILE) findings.push(strayFile(`${dir}/${name}`, name));
  }
  const loaded: Array<{ file: string; flow: FlowDocument }> = [];
  const shaped = new Map<number, FlowDocument>();
  const parsed: Array<Record<string, unknown>> = [];
  const versionFindings = new Map<number, Finding[]>();
  for (const version of numbers) {
    const file = `${dir}/v${version}.json`;
    const doc = parseJson(files.get(`v${version}.json`)!, file);
    if ("finding" in doc) {
      versionFindings.set(version, [doc.finding]);
      continue;
    }
    if (doc.value && typeof doc.value === "object") parsed.push(doc.value as Record<string, unknown>);
    const own = fileFindings(check, doc.value, file, id, version, knownFlows);
    versionFindings.set(version, own.findings);
    if (own.flow) shaped.set(version, own.flow);
    if (own.flow && !hasErrors(own.findings)) loaded.push({ file, flow: own.flow });
  }
  for (const finding of lintFlowVersions(id, loaded)) {
    const version = numbers.find((v) => finding.file === `${dir}/v${v}.json`)!;
    versionFindings.get(version)!.push(finding);
  }
  const versions = numbers.map((version): CorpusVersion => {
    const file = `${dir}/v${version}.json`;
    const own = versionFindings.get(version)!;
    findings.push(...own);
    const fresh = loaded.find((l) => l.file === file && !hasErrors(own))?.flow;
    const lastGood = fresh ? undefined : previous?.versions.find((v) => v.version === version)?.flow;
    const flow = fresh ?? lastGood;
    const current = shaped.get(version);
    return { version, file, ...(flow ? { flow } : {}), ...(current ? { current } : {}), broken: !fresh, stale: !fresh && lastGood !== undefined };
  });

  let written: TrafficSplit | undefined;
  const splitFindings: Finding[] = [];
  const splitText = files.get(SPLIT_FILE);
  if (splitText !== undefined) {
    const doc = parseJson(splitText, `${dir}/${SPLIT_FILE}`);
    const read = "finding" in doc ? { findings: [doc.finding] } : readSplit(check, doc.value, `${dir}/${SPLIT_FILE}`, numbers);
    splitFindings.push(...read.findings);
    written = "split" in read ? read.split : undefined;
  }

  const served = versions.flatMap((v) => (v.flow ? [v.version] : []));
  // A split.json with an error is held back like a broken version: the last good one stays in force.
  const held = hasErrors(splitFindings) ? holdBackSplit(splitFindings, written, previous?.split, served) : undefined;
  findings.push(...splitFindings);
  const split = held ? held.split : written;
  const shared = held ? held.shared : served.length > 0 ? servedSplit(split, served) : undefined;
  const sample = versions.find((v) => v.flow)?.flow ?? parsed[0] ?? {};
  const text = (key: string) => (typeof (sample as Record<string, unknown>)[key] === "string" ? String((sample as Record<string, unknown>)[key]) : undefined);
  const serviceType = text("serviceType");
  return {
    flow: {
      id,
      path: text("path") ?? id,
      title: text("title") ?? id,
      ...(serviceType ? { serviceType } : {}),
      versions,
      ...(split ? { split } : {}),
      ...(held ? { splitHeldBack: held.heldBack } : {}),
      ...(shared ? { defaultVersion: shared.defaultVersion } : {}),
      weights: shared?.weights ?? {},
      ...(split?.plannedPerVersion ? { plannedPerVersion: split.plannedPerVersion } : {}),
      ...(split?.decideOn ? { decideOn: split.decideOn } : {}),
      ...(split?.guardrails ? { guardrails: split.guardrails } : {}),
    },
    findings,
  };
}

/** A version file's own findings: its JSON, its $schema line, its shape and rules, its id and number, then the linter. */
function fileFindings(check: SchemaCheck, doc: unknown, file: string, flowId: string, version: number, knownFlows: ReadonlySet<string>): { flow?: FlowDocument; findings: Finding[] } {
  const findings: Finding[] = [];
  if (doc && typeof doc === "object" && !("$schema" in doc)) {
    // A warning: the file works without it, but an editor cannot help whoever edits it next.
    findings.push({ severity: "warning", rule: "missing-schema", file, message: "has no $schema, so editors cannot autocomplete or check it", fix: 'add "$schema": "../../schemas/flow.schema.json"' });
  }
  const checked = flowFindings(check, doc, file, { knownFlows });
  findings.push(...checked.findings);
  const flow = checked.flow;
  if (!flow) return { findings };
  if (hasErrors(checked.findings)) return { flow, findings };
  // The route and the submission name a flow by folder and file, so the document must agree with both.
  if (flow.id !== flowId) findings.push({ severity: "error", rule: "wrong-id", file, message: `id is "${flow.id}" but the folder is "${flowId}"`, fix: `set "id": "${flowId}"` });
  if (flow.version !== version) findings.push({ severity: "error", rule: "wrong-version", file, message: `version is ${flow.version} but the file is v${version}.json`, fix: `set "version": ${version}` });
  findings.push(...lintFlow(flow, file, check));
  return { flow, findings };
}

function parseJson(text: string, file: string): { value: unknown } | { finding: Finding } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { finding: { severity: "error", rule: "invalid-json", file, message: `is not valid JSON: ${(error as Error).message}`, fix: "correct the JSON syntax (a missing comma or quote)" } };
  }
}

function strayFile(file: string, name: string): Finding {
  const number = /^v0*([1-9][0-9]*)\.json$/i.exec(name)?.[1];
  return {
    severity: "warning",
    rule: "stray-file",
    file,
    message: "is neither a version (v<N>.json) nor split.json, so nothing reads it",
    fix: number ? `rename it v${number}.json to make it version ${number}` : "rename it v<N>.json to make it a version, or move it out of forms/",
  };
}

/** The document visitors get for a flow version, if it can be served. */
export function servedFlow(corpus: FlowCorpus, flowId: string, version: number): FlowDocument | undefined {
  return corpus.flows.find((f) => f.id === flowId)?.versions.find((v) => v.version === version)?.flow;
}

/** The versions of a flow that can be served, by number. */
export function servedVersions(flow: CorpusFlow): number[] {
  return flow.versions.flatMap((v) => (v.flow ? [v.version] : []));
}
