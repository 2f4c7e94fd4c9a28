/** Turns schema errors into the field-level messages a visitor reads, in the spec's words. */
import { fieldLabel } from "./fieldLabels";
import type { FieldError, SchemaError } from "./types";

/** The specification's message for an unknown failure. */
export const SOMETHING_WENT_WRONG = "Something has gone wrong. Please try again.";

/** The message for an invalid UK phone number. */
export const PHONE_MESSAGE = "Please enter a valid UK phone number so we can contact you with a quote";

/** The field a schema error is about: the missing property, or the first segment of its path. */
export function errorField(error: SchemaError): string {
  if (error.keyword === "required") return String(error.params.missingProperty);
  return error.instancePath.split("/")[1] ?? "";
}

/** One visitor-facing message for a schema error on a field. */
export function fieldMessage(field: string, error: SchemaError): string {
  const label = fieldLabel(field);
  switch (error.keyword) {
    case "required":
      return `${label} is required`;
    case "minLength":
    case "minItems":
      return error.params.limit === 1 ? `${label} is required` : `${label} is too short`;
    case "maxLength":
    case "maxItems":
      return `${label} must be at most ${String(error.params.limit)} ${error.keyword === "maxLength" ? "characters" : "choices"}`;
    case "enum":
    case "const":
      return `Please choose an answer for ${label.toLowerCase()}`;
    case "type":
      return `${label} is invalid`;
    default:
      if (field === "phone") return PHONE_MESSAGE;
      return `${label} is invalid`;
  }
}

/**
 * Field errors from schema errors: one per field (the first, which is the most basic), in the order of
 * `fields` (the order a step asks them), then any other field in the order of its errors.
 */
export function toFieldErrors(errors: SchemaError[], step?: string, fields: readonly string[] = []): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of errors) {
    const field = errorField(error);
    if (byField.has(field)) continue;
    byField.set(field, { field, ...(step ? { step } : {}), message: fieldMessage(field, error) });
  }
  const rank = (field: string) => (fields.includes(field) ? fields.indexOf(field) : fields.length);
  return [...byField.values()].sort((a, b) => rank(a.field) - rank(b.field));
}
