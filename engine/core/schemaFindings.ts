/**
 * Schema errors on a forms file as findings: one per mistake (a misspelt property is one finding, not "unknown
 * property" and "missing property"), naming the step and the place in it, with the nearest valid name.
 */
import type { Finding } from "./findings";
import { didYouMean, nearestNames } from "./nearestName";
import type { JsonSchema, SchemaError } from "./types";

/** The schema a file is checked against, and how messages name it. */
export interface SchemaSource {
  schema: JsonSchema;
  /** `schemas/flow.schema.json` */
  name: string;
}

const FIELD_KEYS = "fields.schema.json#/definitions/fieldKey";
const COMBINATORS = new Set(["oneOf", "anyOf", "if"]);

/** The findings for a file's schema errors. */
export function schemaFindings(errors: readonly SchemaError[], doc: unknown, file: string, source: SchemaSource): Finding[] {
  const kept = withoutEchoes(errors);
  const suggested = new Map<string, string>();
  for (const e of kept) {
    if (e.keyword !== "additionalProperties") continue;
    const allowed = Object.keys(schemaAt(source.schema, doc, e.instancePath)?.properties ?? {});
    const [nearest] = nearestNames(String(e.params.additionalProperty), allowed);
    if (nearest) suggested.set(`${e.instancePath}#${nearest}`, String(e.params.additionalProperty));
  }
  return kept
    // A misspelt required property is reported once, as the misspelling.
    .filter((e) => !(e.keyword === "required" && suggested.has(`${e.instancePath}#${String(e.params.missingProperty)}`)))
    .map((e) => finding(e, doc, file, source));
}

/** Drops what a single mistake echoes: a union's "must match one schema" and the type errors of the branches not meant. */
function withoutEchoes(errors: readonly SchemaError[]): SchemaError[] {
  const deeper = (path: string) => errors.some((other) => other.instancePath.startsWith(`${path}/`));
  const kept = errors.filter((e) => {
    if (COMBINATORS.has(e.keyword)) return !errors.some((other) => other !== e && !COMBINATORS.has(other.keyword) && other.instancePath.startsWith(e.instancePath));
    if (e.keyword === "type") return !deeper(e.instancePath);
    return true;
  });
  // Several branches' type errors at one place become one: "must be string or array".
  const byPath = new Map<string, SchemaError>();
  return kept.flatMap((e) => {
    if (e.keyword !== "type") return [e];
    const first = byPath.get(e.instancePath);
    if (!first) {
      const merged = { ...e, params: { type: String(e.params.type) } };
      byPath.set(e.instancePath, merged);
      return [merged];
    }
    first.params = { type: `${String(first.params.type)} or ${String(e.params.type)}` };
    return [];
  });
}

function finding(e: SchemaError, doc: unknown, file: string, source: SchemaSource): Finding {
  const { step, where } = placeOf(doc, e.instancePath);
  const at = (text: string) => ({ severity: "error" as const, rule: "schema", file, ...(step !== undefined ? { step } : {}), message: text, fix: `match ${source.name} (your editor shows the expected shape)` });
  const value = valueAt(doc, e.instancePath);
  const here = schemaAt(source.schema, doc, e.instancePath);
  switch (e.keyword) {
    case "enum": {
      const allowed = (e.params.allowedValues as unknown[]).map(String);
      if (e.schemaPath?.startsWith(FIELD_KEYS)) {
        return { ...at(`${where || "the value"} "${String(value)}" is not in the field library`), rule: "unknown-field", fix: didYouMean(String(value), allowed, "field keys are in schemas/fields.schema.json (add a new field there)") };
      }
      const list = allowed.length <= 24 ? `use one of: ${allowed.join(", ")}` : `see ${source.name}`;
      return { ...at(`${where || "the value"} "${String(value)}" is not one of the allowed values`), fix: didYouMean(String(value), allowed, list) };
    }
    case "discriminator": {
      const tag = String(e.params.tag);
      const kinds = branchTags(source.schema, schemaAt(source.schema, doc, e.instancePath, false), tag);
      return { ...at(`unknown ${tag === "kind" ? "step kind" : tag} "${String(e.params.tagValue)}"`), fix: didYouMean(String(e.params.tagValue), kinds, `the ${tag === "kind" ? "kinds" : "values"} are ${kinds.join(", ")}`) };
    }
    case "additionalProperties": {
      const name = String(e.params.additionalProperty);
      const allowed = Object.keys(here?.properties ?? {});
      return { ...at(`${where ? `${where} has ` : ""}unknown property "${name}"`), fix: didYouMean(name, allowed, allowed.length ? `allowed here: ${allowed.join(", ")}` : `remove "${name}"`) };
    }
    case "required": {
      const name = String(e.params.missingProperty);
      const needed = here?.required ?? [];
      return { ...at(`${where ? `${where} is ` : ""}missing "${name}"`), fix: `add "${name}"${needed.length > 1 ? ` (needed here: ${needed.join(", ")})` : ""}` };
    }
    case "type":
      return at(`${where || "the document"} must be ${String(e.params.type)}`);
    default:
      return at(`${where || "the document"} ${e.message ?? "is invalid"}`);
  }
}

/** The step a path is in (its id, or "#n" when it has none) and the place inside it, as `next[0].when`. */
function placeOf(doc: unknown, instancePath: string): { step?: string; where: string } {
  const match = /^\/steps\/(\d+)(.*)$/.exec(instancePath);
  const rest = match ? match[2]! : instancePath;
  const where = rest
    .split("/")
    .slice(1)
    .map((segment, i) => (/^\d+$/.test(segment) ? `[${segment}]` : `${i === 0 ? "" : "."}${segment.replaceAll("~1", "/").replaceAll("~0", "~")}`))
    .join("");
  if (!match) return { where };
  const id = (doc as { steps?: Array<{ id?: unknown }> }).steps?.[Number(match[1])]?.id;
  return { step: typeof id === "string" ? id : `#${Number(match[1]) + 1}`, where };
}

function valueAt(doc: unknown, instancePath: string): unknown {
  let value = doc;
  for (const segment of instancePath.split("/").slice(1)) value = (value as Record<string, unknown> | undefined)?.[segment];
  return value;
}

/**
 * The schema that describes the value at a path of the document, following $ref, items and the union branch each
 * value takes; with `branch` false, the last step stays at the union (to list its branches).
 */
export function schemaAt(root: JsonSchema, doc: unknown, instancePath: string, branch = true): JsonSchema | undefined {
  const segments = instancePath.split("/").slice(1);
  let schema: JsonSchema | undefined = segments.length === 0 && !branch ? root : branchFor(root, root, doc);
  let value = doc;
  segments.forEach((segment, i) => {
    if (!schema) return;
    const next: JsonSchema | undefined = Array.isArray(value) ? schema.items : schema.properties?.[segment];
    value = (value as Record<string, unknown> | undefined)?.[segment];
    schema = next && (branch || i < segments.length - 1 ? branchFor(root, next, value) : resolve(root, next));
  });
  return schema;
}

function resolve(root: JsonSchema, schema: JsonSchema): JsonSchema | undefined {
  if (typeof schema.$ref !== "string") return schema;
  if (!schema.$ref.startsWith("#/definitions/")) return undefined;
  const target = root.definitions?.[schema.$ref.slice("#/definitions/".length)];
  return target && resolve(root, target);
}

/** The union branch a value takes: by its discriminator, else by its JSON type. */
function branchFor(root: JsonSchema, schema: JsonSchema, value: unknown): JsonSchema | undefined {
  const resolved = resolve(root, schema);
  const branches = resolved?.oneOf as JsonSchema[] | undefined;
  if (!resolved || !branches) return resolved;
  const tag = (resolved.discriminator as { propertyName?: string } | undefined)?.propertyName;
  const candidates = branches.flatMap((branch): JsonSchema[] => {
    const found = resolve(root, branch);
    return found ? [found] : [];
  });
  if (tag) return candidates.find((b) => b.properties?.[tag]?.const === (value as Record<string, unknown> | undefined)?.[tag]);
  const type = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
  return candidates.find((b) => b.type === type || (b.type === undefined && type === "object")) ?? candidates[0];
}

/** The discriminator values a union allows (the step kinds). */
function branchTags(root: JsonSchema, union: JsonSchema | undefined, tag: string): string[] {
  const branches = (union?.oneOf as JsonSchema[] | undefined) ?? [];
  return branches.flatMap((b) => {
    const value = resolve(root, b)?.properties?.[tag]?.const;
    return typeof value === "string" ? [value] : [];
  });
}
