/** JSON on one line as people write it in prose and fixes: `{"in": ["buildings", {"var": "coverTypes"}]}`. */
export function jsonInline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonInline).join(", ")}]`;
  if (value && typeof value === "object") return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${jsonInline(v)}`).join(", ")}}`;
  return JSON.stringify(value) ?? "null";
}
