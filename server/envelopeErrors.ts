/**
 * Readable field errors for a request that fails its route schema (the envelope around the answers),
 * e.g. `version must be an integer`, `Unknown field "colour"`. Answers themselves are checked by
 * replaying the flow, whose messages come from engine/core/messages.ts.
 */
import type { FastifySchemaValidationError } from "fastify";
import type { FieldError } from "../engine/core/types";

/** One error per field, the first (most basic) one, in the order Ajv reported them. */
export function envelopeErrors(errors: FastifySchemaValidationError[]): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of errors) {
    const described = describe(error);
    if (!byField.has(described.field)) byField.set(described.field, described);
  }
  return [...byField.values()];
}

function describe(error: FastifySchemaValidationError): FieldError {
  const at = pathOf(error.instancePath);
  const { params } = error;
  // `answers` limits its keys with propertyNames, and an answer's key is its field, so the rejected key stands alone;
  // `answeredMsBefore`'s keys are step ids. Ajv marks the inner error with the key too.
  const propertyName = (error as { propertyName?: unknown }).propertyName ?? params.propertyName;
  if (typeof propertyName === "string" && at === "answeredMsBefore") return { field: join(at, propertyName), message: `answeredMsBefore names "${propertyName}", which is not a step id` };
  if (typeof propertyName === "string") return unknownField(propertyName);
  switch (error.keyword) {
    case "additionalProperties":
      return unknownField(join(at, String(params.additionalProperty)));
    case "required": {
      const field = join(at, String(params.missingProperty));
      return { field, message: `${field} is required` };
    }
    default: {
      const field = at || "body";
      return { field, message: `${field} ${problem(error)}` };
    }
  }
}

function problem({ keyword, params, message }: FastifySchemaValidationError): string {
  switch (keyword) {
    case "type":
      return `must be ${typeNames[String(params.type)] ?? String(params.type)}`;
    case "minimum":
      return `must be at least ${String(params.limit)}`;
    case "maximum":
      return `must be at most ${String(params.limit)}`;
    case "minLength":
      return params.limit === 1 ? "must not be empty" : `must be at least ${String(params.limit)} characters`;
    case "maxLength":
      return `must be at most ${String(params.limit)} characters`;
    case "maxProperties":
      return `must have at most ${String(params.limit)} entries`;
    case "pattern":
    case "format":
      return "is not in the expected format";
    case "enum":
      return `must be one of ${(params.allowedValues as unknown[]).map(String).join(", ")}`;
    default:
      return message ?? "is invalid";
  }
}

const typeNames: Record<string, string> = {
  integer: "an integer",
  number: "a number",
  string: "a string",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  null: "null",
};

function unknownField(field: string): FieldError {
  return { field, message: `Unknown field "${field.split(".").at(-1) ?? field}"` };
}

/** `/tracking/utm` → `tracking.utm`, so a field reads like the property it names. */
function pathOf(instancePath: string): string {
  return instancePath.split("/").filter(Boolean).join(".");
}

function join(at: string, key: string): string {
  return at ? `${at}.${key}` : key;
}
