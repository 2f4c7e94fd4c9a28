/**
 * The lint rules of one condition that loads but cannot mean what it says, judged by each field's type in the field
 * library: `==` on a tick-box (list) field, `in` with the field first, a value the field never takes. Each fix is
 * the condition's right form as JSON, and as the studio's condition builder reads it.
 */
import { conditionLogic, describeSimple, fieldChoices, fieldShape, readCondition, type ConditionValue } from "./conditionForms";
import { isFieldKey } from "./fieldLibrary";
import { fieldTakes, fieldValueFix, valuesInWords } from "./fieldValues";
import type { Finding } from "./findings";
import { jsonInline } from "./jsonInline";
import { kindOf } from "./kinds/registry";
import { didYouMean } from "./nearestName";
import type { FieldKey, FlowDocument, SchemaCheck } from "./types";

/** A finding of a condition, before the file and step are added. */
export type ConditionFinding = Pick<Finding, "severity" | "rule" | "message" | "fix">;

const equality = new Set(["==", "===", "!=", "!=="]);
const ordering = new Set([">", ">=", "<", "<="]);

/** Every finding for one condition of the flow (and the conditions nested in it). */
export function conditionFindings(condition: unknown, flow: FlowDocument, check: SchemaCheck): ConditionFinding[] {
  const findings: ConditionFinding[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    for (const [operator, raw] of Object.entries(node)) {
      if (operator === "var") continue;
      const args = Array.isArray(raw) ? raw : [raw];
      findings.push(...operatorFindings(operator, args, flow, check));
      visit(args);
    }
  };
  visit(condition);
  return findings;
}

function operatorFindings(operator: string, args: unknown[], flow: FlowDocument, check: SchemaCheck): ConditionFinding[] {
  const found: ConditionFinding[] = [];
  if (equality.has(operator) || ordering.has(operator)) {
    const field = args.map(wholeField).find((f) => f !== undefined);
    const values = args.filter((a) => wholeField(a) === undefined && isLiteral(a));
    if (!field) return found;
    if (equality.has(operator) && fieldShape(field) === "list") {
      for (const value of values) found.push(listEquals(operator, field, value, flow));
      return found;
    }
    for (const value of values) found.push(...impossible(field, value, flow, check));
    return found;
  }
  if (operator !== "in" || args.length !== 2) return found;
  const [first, second] = args;
  const firstField = wholeField(first);
  const secondField = wholeField(second);
  if (firstField && fieldShape(firstField) === "list" && isLiteral(second)) return [inReversed(firstField, second, flow)];
  if (firstField && typeof second === "string") return [inText(firstField, second, flow, check)];
  if (firstField && Array.isArray(second)) return second.flatMap((value) => impossible(firstField, value, flow, check));
  if (secondField && fieldShape(secondField) === "list" && isScalar(first)) return impossible(secondField, first, flow, check);
  return found;
}

function listEquals(operator: string, field: FieldKey, value: unknown, flow: FlowDocument): ConditionFinding {
  const negated = operator.startsWith("!");
  const items = listItems(value);
  const none = negated ? { "!!": { var: field } } : conditionLogic({ field, comparison: "noneTicked" });
  const right: object =
    items.length === 0
      ? none
      : allOf(items.map((item) => conditionLogic({ field, comparison: negated ? "notTicked" : "ticked", value: item })), negated ? "or" : "and");
  return {
    severity: "error",
    rule: "list-equals",
    message: `"${field}" holds the list of boxes ticked, so ${listEqualsMeaning(operator, value)}`,
    fix: useForm(right, flow),
  };
}

/** What `==` or `!=` between a list field and the value does test. */
function listEqualsMeaning(operator: string, value: unknown): string {
  const shown = jsonInline(value);
  if (value === null) return `${operator} tells only whether the question was answered, not whether no box is ticked`;
  if (!isScalar(value)) return `${operator} compares the whole list with ${shown}, which ${operator.startsWith("!") ? "always" : "never"} holds`;
  if (operator.startsWith("!")) return `${operator} holds whenever another box is ticked, even with ${shown} ticked too`;
  return `${operator} holds only when ${shown} is the only box ticked`;
}

function inReversed(field: FieldKey, value: unknown, flow: FlowDocument): ConditionFinding {
  const items = listItems(value);
  const right = allOf(items.map((item) => conditionLogic({ field, comparison: "ticked", value: item })), "or");
  return {
    severity: "error",
    rule: "in-reversed",
    message: `in with the field first tests whether the whole list of boxes ticked is within ${jsonInline(value)}, not whether a box is ticked`,
    fix: items.length === 0 ? "put the value first and the field second" : useForm(right, flow),
  };
}

function inText(field: FieldKey, text: string, flow: FlowDocument, check: SchemaCheck): ConditionFinding {
  const parts = text.split(/[\s,;|/]+/).filter(Boolean);
  const several = parts.length > 1 && parts.every((part) => fieldTakes(check, field, part));
  const right = conditionLogic(several ? { field, comparison: "oneOf", value: parts } : { field, comparison: "is", value: text });
  return {
    // A free text may be meant to be matched within a longer one; a choice never is.
    severity: fieldShape(field) === "text" && !fieldChoices(field, flow) ? "warning" : "error",
    rule: "in-text",
    message: `in with a text second tests whether the answer is part of the text "${text}", not whether it is one of its values`,
    fix: several ? `${useForm(right, flow)}: "is one of" takes its values as a list` : useForm(right, flow),
  };
}

/** A finding when the field can never hold the value: the field library refuses it, or no option of the flow gives it. */
function impossible(field: FieldKey, value: unknown, flow: FlowDocument, check: SchemaCheck): ConditionFinding[] {
  if (value === null || !isScalar(value)) return [];
  const error = (message: string, fix: string): ConditionFinding[] => [
    { severity: "error", rule: "impossible-value", message: `condition compares "${field}" with ${jsonInline(value)}, ${message}`, fix },
  ];
  if (!fieldTakes(check, field, value)) return error("a value it never takes", fieldValueFix(field, value, flow));
  const offered = flowOptions(flow, field);
  if (!offered || offered.includes(value as string)) return [];
  return error("a value no option of this flow gives it", didYouMean(String(value), offered, `"${field}" takes ${valuesInWords(field, value, offered)} in this flow`));
}

/** The option values the flow offers for a field, when every step that asks the field offers options (so its answer is one). */
function flowOptions(flow: FlowDocument, field: FieldKey): string[] | undefined {
  const asking = flow.steps.filter((step) => kindOf(step).fields(step, {}).includes(field));
  if (asking.length === 0 || !asking.every((step) => "options" in step)) return undefined;
  return [...new Set(asking.flatMap((step) => ("options" in step ? step.options.map((o) => o.value) : [])))];
}

/** `use <json>, which reads "Cover needed has ticked Buildings"` (the words when the condition builder can draw it). */
function useForm(logic: object, flow: FlowDocument): string {
  const rows = readCondition(logic);
  const words = rows ? `, which reads "${rows.map((row) => describeSimple(row, flow)).join(" and ")}"` : "";
  return `use ${jsonInline(logic)}${words}`;
}

function allOf(parts: object[], joiner: "and" | "or"): object {
  return parts.length === 1 ? parts[0]! : { [joiner]: parts };
}

function listItems(value: unknown): ConditionValue[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter((item): item is ConditionValue => isScalar(item) && item !== "");
}

/** The field a `{ "var": … }` names, when it is a whole field of the library (not a part such as `businessAddress.postcode`). */
export function wholeField(node: unknown): FieldKey | undefined {
  if (!node || typeof node !== "object" || Array.isArray(node)) return undefined;
  const entries = Object.entries(node);
  if (entries.length !== 1 || entries[0]![0] !== "var") return undefined;
  const raw = entries[0]![1];
  const name = Array.isArray(raw) ? raw[0] : raw;
  return typeof name === "string" && isFieldKey(name) ? name : undefined;
}

function isScalar(value: unknown): value is ConditionValue {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** A value written into the condition (not an operation on the answers). */
function isLiteral(value: unknown): boolean {
  return value === null || isScalar(value) || (Array.isArray(value) && value.every((v) => v === null || isScalar(v)));
}
