/**
 * The conditions an analyst writes most, as rows of a field, a comparison and a value, and the JSONLogic each
 * stands for. The studio's condition builder draws and writes these; the linter names them as the right form of a
 * condition that cannot mean what it says. A condition of any other shape is still valid JSONLogic, edited as JSON.
 */
import { fieldLabel, fieldSchema, isFieldKey, valueSchema } from "./fieldLibrary";
import type { FieldKey, FlowDocument } from "./types";

/** What kind of answer a field holds, as far as a comparison is concerned. */
export type FieldShape = "choice" | "list" | "number" | "text" | "boolean";

/** What a condition row compares: the visitor's answer with a value (or values). */
export type Comparison = "is" | "isNot" | "oneOf" | "ticked" | "notTicked" | "noneTicked" | "atLeast" | "atMost" | "above" | "below";

/** A scalar a condition compares with. */
export type ConditionValue = string | number | boolean;

/** One row of the condition builder. `value` is a list for "oneOf", absent for "noneTicked". */
export interface SimpleCondition {
  field: FieldKey;
  comparison: Comparison;
  value?: ConditionValue | ConditionValue[];
}

/** A value a field can take, with the words a visitor sees for it. */
export interface FieldChoice {
  value: ConditionValue;
  label: string;
}

/** The comparisons in words, as the builder's select and the cookbook show them. */
export const comparisonWords: Record<Comparison, string> = {
  is: "is",
  isNot: "is not",
  oneOf: "is one of",
  ticked: "has ticked",
  notTicked: "has not ticked",
  noneTicked: "has none ticked",
  atLeast: "is at least",
  atMost: "is at most",
  above: "is above",
  below: "is below",
};

const comparisonsByShape: Record<FieldShape, Comparison[]> = {
  choice: ["is", "isNot", "oneOf"],
  text: ["is", "isNot", "oneOf"],
  list: ["ticked", "notTicked", "noneTicked"],
  number: ["is", "isNot", "atLeast", "atMost", "above", "below"],
  boolean: ["is", "isNot"],
};

/** The field library's word on what a field holds. */
export function fieldShape(key: FieldKey): FieldShape {
  const schema = fieldSchema(key);
  if (schema.type === "array") return "list";
  if (schema.type === "integer" || schema.type === "number") return "number";
  if (schema.type === "boolean") return "boolean";
  return Array.isArray(schema.enum) ? "choice" : "text";
}

/** The comparisons that can mean what they say for this field. */
export function comparisonsFor(key: FieldKey): Comparison[] {
  return comparisonsByShape[fieldShape(key)];
}

/**
 * The values a field (a list field: each of its items) can take: the field library's list where it has one,
 * else, given a flow, the options its steps offer for the field. Labels are the flow's option labels where it
 * has them. Undefined when the values are open (a name, a number, a free text with no options in the flow).
 */
export function fieldChoices(key: FieldKey, flow?: FlowDocument): FieldChoice[] | undefined {
  const item = valueSchema(key);
  const offered = flow ? optionsFor(flow, key) : [];
  const labelOf = (value: ConditionValue) => offered.find((o) => o.value === value)?.label ?? String(value);
  if (Array.isArray(item.enum)) return (item.enum as ConditionValue[]).map((value) => ({ value, label: labelOf(value) }));
  if (item.type === "boolean") return [true, false].map((value) => ({ value, label: value ? "Yes" : "No" }));
  return offered.length > 0 ? offered : undefined;
}

/** The options the flow's steps offer for a field, first label kept, each value once. */
function optionsFor(flow: FlowDocument, key: FieldKey): FieldChoice[] {
  const found = new Map<ConditionValue, string>();
  for (const step of flow.steps) {
    if (!("field" in step) || step.field !== key || !("options" in step) || !Array.isArray(step.options)) continue;
    for (const option of step.options as Array<{ value: ConditionValue; label: string }>) {
      if (!found.has(option.value)) found.set(option.value, option.label);
    }
  }
  return [...found].map(([value, label]) => ({ value, label }));
}

/** The JSONLogic a row stands for, as flows write it. */
export function conditionLogic({ field, comparison, value }: SimpleCondition): object {
  const answer = { var: field };
  switch (comparison) {
    case "is":
      return { "==": [answer, value] };
    case "isNot":
      return { "!=": [answer, value] };
    case "oneOf":
      return { in: [answer, Array.isArray(value) ? value : [value]] };
    case "ticked":
      return { in: [value, answer] };
    case "notTicked":
      return { "!": { in: [value, answer] } };
    case "noneTicked":
      return { "!": answer };
    case "atLeast":
      return { ">=": [answer, value] };
    case "atMost":
      return { "<=": [answer, value] };
    case "above":
      return { ">": [answer, value] };
    case "below":
      return { "<": [answer, value] };
  }
}

/** Several rows, all of which must hold: one row is itself, more are joined with `and`. */
export function conditionLogicAll(rows: readonly SimpleCondition[]): object {
  return rows.length === 1 ? conditionLogic(rows[0]!) : { and: rows.map(conditionLogic) };
}

const byOperator: Record<string, Comparison> = { "==": "is", "===": "is", "!=": "isNot", "!==": "isNot", ">=": "atLeast", "<=": "atMost", ">": "above", "<": "below" };

/**
 * The rows a condition is made of, when it is one the builder writes (or an `and` of them) and each row's
 * comparison fits its field; undefined otherwise (the studio then edits it as JSON).
 */
export function readCondition(logic: unknown): SimpleCondition[] | undefined {
  const entry = singleEntry(logic);
  if (!entry) return undefined;
  if (entry[0] === "and") {
    if (!Array.isArray(entry[1]) || entry[1].length === 0) return undefined;
    const rows = entry[1].map(readRow);
    return rows.every((row): row is SimpleCondition => row !== undefined) ? rows : undefined;
  }
  const row = readRow(logic);
  return row ? [row] : undefined;
}

function readRow(logic: unknown): SimpleCondition | undefined {
  const row = rowOf(logic);
  return row && comparisonsFor(row.field).includes(row.comparison) ? row : undefined;
}

function rowOf(logic: unknown): SimpleCondition | undefined {
  const entry = singleEntry(logic);
  if (!entry) return undefined;
  const [operator, raw] = entry;
  if (operator === "!") {
    const inner = Array.isArray(raw) ? (raw.length === 1 ? raw[0] : undefined) : raw;
    const field = varName(inner);
    if (field) return { field, comparison: "noneTicked" };
    const ticked = rowOf(inner);
    return ticked?.comparison === "ticked" ? { ...ticked, comparison: "notTicked" } : undefined;
  }
  if (!Array.isArray(raw) || raw.length !== 2) return undefined;
  const [left, right] = raw as [unknown, unknown];
  if (operator === "in") {
    const listField = varName(right);
    if (listField && isScalar(left)) return { field: listField, comparison: "ticked", value: left };
    const field = varName(left);
    if (field && Array.isArray(right) && right.length > 0 && right.every(isScalar)) return { field, comparison: "oneOf", value: right };
    return undefined;
  }
  const comparison = byOperator[operator];
  const field = varName(left);
  return comparison && field && isScalar(right) ? { field, comparison, value: right } : undefined;
}

/** The row in words: "Cover needed has ticked buildings". */
export function describeSimple({ field, comparison, value }: SimpleCondition, flow?: FlowDocument): string {
  const choices = isFieldKey(field) ? fieldChoices(field, flow) : undefined;
  const word = (v: ConditionValue) => choices?.find((c) => c.value === v)?.label ?? String(v);
  const shown = value === undefined ? "" : ` ${Array.isArray(value) ? value.map(word).join(" or ") : word(value)}`;
  return `${fieldLabel(field)} ${comparisonWords[comparison]}${shown}`;
}

function singleEntry(logic: unknown): [string, unknown] | undefined {
  if (!logic || typeof logic !== "object" || Array.isArray(logic)) return undefined;
  const entries = Object.entries(logic);
  return entries.length === 1 ? entries[0] : undefined;
}

/** The field a `{ "var": … }` names, when it is a whole field of the library. */
function varName(node: unknown): FieldKey | undefined {
  const entry = singleEntry(node);
  if (!entry || entry[0] !== "var") return undefined;
  const name = Array.isArray(entry[1]) ? entry[1][0] : entry[1];
  return typeof name === "string" && isFieldKey(name) ? name : undefined;
}

function isScalar(value: unknown): value is ConditionValue {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}
