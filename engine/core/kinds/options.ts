/**
 * The lint rules of a step that offers options (radio and checkbox): every option has words and its own value, a
 * value the field library lets the step's field hold (else the answer is refused, or stored wrong).
 */
import type { FieldKey, JsonSchema, Option } from "../types";
import type { StepLint } from "./stepKind";

export function lintOptions(step: { field: FieldKey; options: Option[] }, lint: StepLint): void {
  const seen = new Set<string>();
  for (const option of step.options) {
    if (!option.label.trim()) lint.report("option-label", `option "${option.value}" has no label`, "give the option the words a visitor should read");
    if (seen.has(option.value)) lint.report("duplicate-option", `option value "${option.value}" appears twice`, "give each option its own value");
    seen.add(option.value);
    const fix = lint.valueFix(step.field, option.value);
    if (fix) lint.report("option-value", `option value "${option.value}" is not one that "${step.field}" takes`, fix);
  }
}

/**
 * The field's schema (or its item's) narrowed to the step's options: an answer must be an option and a value the
 * field library allows, so a flow offering a value the field refuses can never have it stored.
 */
export function onlyOptions(schema: JsonSchema, options: readonly Option[]): JsonSchema {
  const values = options.map((o) => o.value);
  return schema.enum ? { ...schema, allOf: [{ enum: values }] } : { ...schema, enum: values };
}
