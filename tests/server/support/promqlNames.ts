/** The metric names a PromQL expression reads, and the series names a registry exports, for checking rules and dashboards. */
import type { Registry } from "prom-client";

/** Words of PromQL that are not metric names where they stand (outside label lists, which are removed first). */
const KEYWORDS = new Set(["and", "or", "unless", "bool", "offset", "by", "without", "on", "ignoring", "group_left", "group_right", "inf", "nan"]);

/** The metric names `expr` selects: identifiers that are not functions, keywords, label names or numbers. */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  const names: string[] = [];
  for (const match of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const before = bare[match.index - 1] ?? " ";
    if (/[0-9.]/.test(before)) continue; // the exponent of a number such as 1e3
    if (bare.slice(match.index + match[0].length).trimStart().startsWith("(")) continue; // a function
    if (KEYWORDS.has(match[0].toLowerCase())) continue;
    names.push(match[0]);
  }
  return names;
}

/** Every series name the registries export: each metric's name, and a histogram's or summary's _bucket, _sum and _count. */
export async function exportedNames(...registries: Registry[]): Promise<Set<string>> {
  const names = new Set<string>();
  for (const registry of registries) {
    for (const metric of await registry.getMetricsAsJSON()) {
      names.add(metric.name);
      if (["histogram", "summary"].includes(String(metric.type))) for (const suffix of ["_bucket", "_sum", "_count"]) names.add(metric.name + suffix);
    }
  }
  return names;
}
