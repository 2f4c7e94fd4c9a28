/** Turns schema errors into the field-level messages a visitor reads, in the spec's words. */
import { fieldLabel } from "./fieldLabels";
import type { FieldError, SchemaError } from "./types";

/** The heading of the error summary above a step's fields. */
export const ERROR_SUMMARY_HEADING = "Please fix the following issues:";

/** The specification's message for an unknown failure: a lost connection, a server error. */
export const SOMETHING_WENT_WRONG = "Something has gone wrong. Please try again.";

/**
 * The answer to a lead kept on the server while the store is away (code 1, no partners): it is safe, but no partner
 * can be named and no duplicate check made until it reaches the store.
 */
export const HELD_LEAD_MESSAGE =
  "Your request is safely with us and our partners will be in touch. We can't name the partners yet, or check your request against any you sent before, so none are listed here.";

/** The message for a postcode whose lookup found no address. */
/** The address step, when a lookup found addresses but none was picked. */
export const SELECT_ADDRESS_MESSAGE = "Please select your address";

export const NO_ADDRESSES_MESSAGE = "No addresses found. Please check the postcode is correct.";

/** The message for an invalid UK phone number. */
export const PHONE_MESSAGE = "Please enter a valid UK phone number so we can contact you with a quote";

/** The field a schema error is about: the missing property, or the first segment of its path. */
export function errorField(error: SchemaError): string {
  if (error.keyword === "required") return String(error.params.missingProperty);
  return error.instancePath.split("/")[1] ?? "";
}

/** The spec's two field messages (SPEC §5), after the field's label. */
export const REQUIRED_SUFFIX = "is required";
export const INVALID_SUFFIX = "is invalid";

/**
 * One visitor-facing message for a schema error on a field, in the spec's words: "<label> is required" for
 * an answer not given (a missing field, an empty text, no choice), the phone message for a phone number that
 * is not a UK one, the range for a number outside it (the spec has no words for that), and "<label> is
 * invalid" for anything else.
 */
export function fieldMessage(field: string, error: SchemaError): string {
  const label = fieldLabel(field);
  if (isMissing(error)) return `${label} ${REQUIRED_SUFFIX}`;
  if (field === "phone" && error.keyword === "format") return PHONE_MESSAGE;
  return rangeMessage(label, error) ?? `${label} ${INVALID_SUFFIX}`;
}

/** "Number of vehicles must be 1 or more", "… must be 10,000 or less": a number outside its field's range. */
function rangeMessage(label: string, { keyword, params }: SchemaError): string | undefined {
  if (typeof params.limit !== "number") return undefined;
  const limit = params.limit.toLocaleString("en-GB");
  if (keyword === "minimum") return `${label} must be ${limit} or more`;
  if (keyword === "maximum") return `${label} must be ${limit} or less`;
  if (keyword === "exclusiveMinimum") return `${label} must be more than ${limit}`;
  if (keyword === "exclusiveMaximum") return `${label} must be less than ${limit}`;
  return undefined;
}

function isMissing(error: SchemaError): boolean {
  if (error.keyword === "required") return true;
  return (error.keyword === "minLength" || error.keyword === "minItems") && error.params.limit === 1;
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

/** The spec's reassurance once the lead is in: the success step's heading unless it sets its own. */
export const SUCCESS_MESSAGE = "No need to do anything else – we'll be in touch shortly.";
