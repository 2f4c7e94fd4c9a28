/**
 * What a field of the library can hold: whether it takes a value, and its values in words for a fix. A list
 * field (a tick-box question's) is judged by one item of it, as its options and conditions name one item.
 */
import { fieldChoices } from "./conditionForms";
import { valueSchema } from "./fieldLibrary";
import { byNearness, didYouMean } from "./nearestName";
import { isFieldKey } from "./fieldLabels";
import type { FieldKey, FlowDocument, JsonSchema, SchemaCheck, Step } from "./types";

/** Whether the field (one item of it, for a list field) can hold the value, by the field library's schema. */
export function fieldTakes(check: SchemaCheck, key: FieldKey, value: unknown): boolean {
  return check(valueSchema(key), value).length === 0;
}

/**
 * The options a step offers for its field (a radio's or a tick-box question's) that the field cannot hold, each
 * with its fix: read from the step's `field` and `options`, whatever its kind.
 */
export function refusedOptions(step: Step, check: SchemaCheck): Array<{ value: unknown; fix: string }> {
  const { field, options } = step as { field?: unknown; options?: unknown };
  if (typeof field !== "string" || !isFieldKey(field) || !Array.isArray(options)) return [];
  return options.flatMap((option: { value?: unknown }) => (fieldTakes(check, field, option.value) ? [] : [{ value: option.value, fix: fieldValueFix(field, option.value) }]));
}

/**
 * What the field can hold, in words: `values` (its choices, see conditionForms' fieldChoices) nearest to `near`
 * first when there are any (`"owner" or "tenant"`), else the kind of value (`a whole number from 0 to 120`).
 */
export function valuesInWords(key: FieldKey, near: unknown, values: readonly unknown[] = []): string {
  if (values.length === 0) return kindInWords(valueSchema(key));
  const names = values.map((v) => JSON.stringify(v));
  const ordered = typeof near === "string" ? byNearness(JSON.stringify(near), names) : names;
  return ordered.length > 1 ? `${ordered.slice(0, -1).join(", ")} or ${ordered.at(-1)}` : ordered[0]!;
}

/** How to fix a value the field cannot hold: the nearest of its values, then what it takes (its choices, given a flow its options). */
export function fieldValueFix(key: FieldKey, value: unknown, flow?: FlowDocument): string {
  const values = (fieldChoices(key, flow) ?? []).map((c) => c.value);
  return didYouMean(String(value), values.map(String), `"${key}" takes ${valuesInWords(key, value, values)}`);
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
