/** What the studio's version page edits: one version file's draft, and the split beside it once a new version is made. */
import { moduleOfKind } from "../core/kinds/registry";
import type { FlowDocument, StepKind } from "../core/types";
import { formatJson } from "./jsonStyle";

/** A version file's draft: a flow, or the raw text of a file that does not parse as one. */
export type Draft = { flow: FlowDocument } | { text: string };

/** forms/<flow>/split.json as the studio edits it: other keys kept as they were read. */
export interface SplitDocument {
  default: number;
  weights: Record<string, number>;
  [key: string]: unknown;
}

export interface Workspace {
  /** The version file's name: "v2.json". */
  name: string;
  version: number;
  draft: Draft;
  /** A new version: its file must not exist on disk yet. */
  created: boolean;
  /** The split's draft, once the page edits it (a new version); undefined leaves split.json alone. */
  split?: SplitDocument;
}

/** The file name of a version. */
export const versionFile = (version: number) => `v${version}.json`;

/** A file's text as a draft: a flow when it parses and has a flow's shape (an id, a start, a list of steps with ids and known kinds), else the text. */
export function draftFromText(text: string): Draft {
  try {
    const doc = JSON.parse(text) as unknown;
    return looksLikeFlow(doc) ? { flow: doc } : { text };
  } catch {
    return { text };
  }
}

function looksLikeFlow(doc: unknown): doc is FlowDocument {
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return false;
  const { id, start, steps } = doc as Record<string, unknown>;
  return typeof id === "string" && typeof start === "string" && Array.isArray(steps) &&
    steps.every((step) => step !== null && typeof step === "object" && typeof (step as { id?: unknown }).id === "string" && knownKind((step as { kind?: unknown }).kind));
}

function knownKind(kind: unknown): boolean {
  return typeof kind === "string" && moduleOfKind(kind as StepKind) !== undefined;
}

/** The text the draft would be saved as. */
export function draftText(draft: Draft): string {
  return "flow" in draft ? formatJson(draft.flow) : draft.text;
}

/** The split.json text as read, parsed, or undefined when there is none or it does not parse as a split. */
export function readSplit(text: string | undefined): SplitDocument | undefined {
  if (text === undefined) return undefined;
  try {
    const doc = JSON.parse(text) as Partial<SplitDocument>;
    return typeof doc.default === "number" && doc.weights && typeof doc.weights === "object" ? (doc as SplitDocument) : undefined;
  } catch {
    return undefined;
  }
}

/** The files the workspace would write, by name, with their texts: only those that differ from disk (or do not exist there). */
export function changedFiles(workspace: Workspace, disk: Record<string, { text: string }>): Record<string, string> {
  const files: Record<string, string> = {};
  const text = draftText(workspace.draft);
  if (workspace.created || disk[workspace.name]?.text !== text) files[workspace.name] = text;
  if (workspace.split) {
    const split = formatJson(workspace.split);
    if (disk["split.json"]?.text !== split) files["split.json"] = split;
  }
  return files;
}

/** The version numbers that have files, from the files' names. */
export function versionsOf(names: Iterable<string>): number[] {
  return [...names].flatMap((name) => /^v([1-9]\d*)\.json$/.exec(name)?.[1] ?? []).map(Number).sort((a, b) => a - b);
}

/** A new version copied from the workspace's flow: the next free number, the description given, the split with a weight of 0 for it. */
export function newVersionFrom(workspace: Workspace, taken: number[], description: string, splitOnDisk: SplitDocument | undefined): Workspace | undefined {
  if (!("flow" in workspace.draft)) return undefined;
  const version = Math.max(workspace.version, ...taken) + 1;
  const flow = { ...workspace.draft.flow, version, description };
  const split = workspace.split ?? splitOnDisk ?? { $schema: "../../schemas/split.schema.json", default: workspace.version, weights: { [workspace.version]: 100 } };
  return { name: versionFile(version), version, draft: { flow }, created: true, split: { ...split, weights: { ...split.weights, [version]: 0 } } };
}

/** The sum of a split's weights. */
export function weightTotal(split: SplitDocument): number {
  return Object.values(split.weights).reduce((sum, weight) => sum + (Number.isFinite(weight) ? weight : 0), 0);
}
