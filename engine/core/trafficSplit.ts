/**
 * A flow's split.json: what is wrong with it, and how visitors are shared between the versions that can be
 * served. A split.json with an error is held back like a broken version: its last good reading stays in force
 * (and so its experiment period); with none, every visitor gets the default version and no versions are compared.
 * A default that cannot be served falls back to the served version with the largest share, else the lowest.
 */
import splitSchema from "../../schemas/split.schema.json";
import type { TrafficSplit } from "../../schemas/generated/split";
import type { Finding } from "./findings";
import { schemaFindings } from "./schemaFindings";
import type { JsonSchema, SchemaCheck } from "./types";

/** How visitors without ?v= are shared: the version they fall back to and each version's weight. */
export interface ServedSplit {
  defaultVersion: number;
  weights: Record<string, number>;
}

/** The split file as written, when it has the split's shape, and its findings. */
export function readSplit(check: SchemaCheck, doc: unknown, file: string, versionFiles: readonly number[]): { split?: TrafficSplit; findings: Finding[] } {
  const errors = check(splitSchema as JsonSchema, doc);
  if (errors.length > 0) return { findings: schemaFindings(errors, doc, file, { schema: splitSchema as JsonSchema, name: "schemas/split.schema.json" }) };
  const split = doc as TrafficSplit;
  const findings: Finding[] = [];
  const add = (rule: string, message: string, fix: string) => findings.push({ severity: "error", rule, file, message, fix });
  const total = Object.values(split.weights).reduce((sum, w) => sum + w, 0);
  if (Math.abs(total - 100) > 1e-9) add("split-total", `the weights add up to ${total}, not 100`, "change the weights so they add up to 100");
  // Against the files present, not the versions that loaded: a broken v2.json is its own finding, not a missing one.
  for (const version of Object.keys(split.weights)) {
    if (!versionFiles.includes(Number(version))) add("split-unknown-version", `weight for version ${version}, which has no v${version}.json`, `remove "${version}" from weights, or add v${version}.json`);
  }
  if (!versionFiles.includes(split.default)) add("split-default", `default version ${split.default} has no v${split.default}.json`, `set default to an existing version (${versionFiles.map((v) => v).join(", ")})`);
  return { split, findings };
}

/** How a split.json with an error is held back: its last good reading in force, or (with none) the default for everyone. */
export type SplitHeldBack = "lastGood" | "defaultOnly";

/**
 * The split in force when split.json has an error: the last good split when there is one, else none at all (every
 * visitor gets the default, which is the broken file's default when it names a served version). The first error's
 * message says what visitors get meanwhile.
 */
export function holdBackSplit(
  findings: Finding[],
  broken: TrafficSplit | undefined,
  lastGood: TrafficSplit | undefined,
  served: readonly number[],
): { split?: TrafficSplit; heldBack: SplitHeldBack; shared?: ServedSplit } {
  const heldBack: SplitHeldBack = lastGood ? "lastGood" : "defaultOnly";
  const shared = served.length === 0 ? undefined : lastGood ? servedSplit(lastGood, served) : defaultOnly(broken, served);
  const first = findings.findIndex((f) => f.severity === "error");
  if (first >= 0 && shared) {
    const meanwhile =
      heldBack === "lastGood"
        ? `visitors are still split by the last good split.json (${weightsWords(shared.weights)}; default v${shared.defaultVersion}) until it is fixed`
        : `until it is fixed every visitor gets v${shared.defaultVersion}, the default, and no versions are compared`;
    findings[first] = { ...findings[first]!, message: `${findings[first]!.message}; ${meanwhile}` };
  }
  return { ...(lastGood ? { split: lastGood } : {}), heldBack, ...(shared ? { shared } : {}) };
}

function defaultOnly(broken: TrafficSplit | undefined, served: readonly number[]): ServedSplit {
  const named = broken && served.includes(broken.default) ? broken.default : Math.min(...served);
  return { defaultVersion: named, weights: { [String(named)]: 100 } };
}

/** "v1 50%, v2 50%", the shares with a weight above 0 in version order. */
export function weightsWords(weights: Readonly<Record<string, number>>): string {
  return Object.entries(weights)
    .filter(([, weight]) => weight > 0)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([version, weight]) => `v${version} ${weight}%`)
    .join(", ");
}

/** The split visitors get, over the versions that can be served (at least one). */
export function servedSplit(split: TrafficSplit | undefined, served: readonly number[]): ServedSplit {
  const weights = Object.fromEntries(Object.entries(split?.weights ?? {}).filter(([version]) => served.includes(Number(version))));
  const byWeight = Object.entries(weights).sort(([a, wa], [b, wb]) => wb - wa || Number(a) - Number(b));
  const defaultVersion =
    split && served.includes(split.default) ? split.default : byWeight[0] && byWeight[0][1] > 0 ? Number(byWeight[0][0]) : Math.min(...served);
  return { defaultVersion, weights: split ? weights : { [String(defaultVersion)]: 100 } };
}
