/**
 * What a field of the library can hold: whether it takes a value, and its values in words for a fix. A list
 * field (a tick-box question's) is judged by one item of it, as its options and conditions name one item.
 */
import { fieldSchema } from "./fieldLibrary";
import { byNearness } from "./nearestName";
import type { FieldKey, JsonSchema, SchemaCheck } from "./types";

/** The schema one answer of the field must satisfy: the field's own, or one item's for a list field. */
export function valueSchema(key: FieldKey): JsonSchema {
  const schema = fieldSchema(key);
  return schema.type === "array" && schema.items ? schema.items : schema;
}

/** Whether the field (one item of it, for a list field) can hold the value, by the field library's schema. */
export function fieldTakes(check: SchemaCheck, key: FieldKey, value: unknown): boolean {
  return check(valueSchema(key), value).length === 0;
}

/** The values the field (an item of it) is limited to, when the library lists them. */
export function fieldEnum(key: FieldKey): unknown[] | undefined {
  return valueSchema(key).enum;
}

/** What the field can hold, in words, its listed values nearest to `near` first: `"owner" or "tenant"`, `a whole number from 0 to 120`. */
export function valuesInWords(key: FieldKey, near?: unknown): string {
  const schema = valueSchema(key);
  if (schema.enum) {
    const names = schema.enum.map((v) => JSON.stringify(v));
    const ordered = typeof near === "string" ? byNearness(JSON.stringify(near), names) : names;
    return ordered.length > 1 ? `${ordered.slice(0, -1).join(", ")} or ${ordered.at(-1)}` : (ordered[0] ?? "nothing");
  }
  return kindInWords(schema);
}

const formatWords: Record<string, string> = { "uk-postcode": "a UK postcode", "uk-phone": "a UK phone number", email: "an email address" };

function kindInWords(schema: JsonSchema): string {
  const { minimum, maximum, minLength, maxLength } = schema as { minimum?: number; maximum?: number; minLength?: number; maxLength?: number };
  if (schema.type === "boolean") return "true or false";
  if (schema.type === "integer" || schema.type === "number") {
    const what = schema.type === "integer" ? "a whole number" : "a number";
    if (minimum !== undefined && maximum !== undefined) return `${what} from ${minimum} to ${maximum}`;
    if (minimum !== undefined) return `${what} of ${minimum} or more`;
    return maximum !== undefined ? `${what} of ${maximum} or less` : what;
  }
  if (schema.type === "object") return "an object (compare one of its parts, such as its postcode)";
  if (schema.format && formatWords[schema.format]) return formatWords[schema.format]!;
  if (maxLength !== undefined) return `text of ${minLength ?? 0} to ${maxLength} characters`;
  return "text";
}
