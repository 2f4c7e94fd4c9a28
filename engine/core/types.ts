/** Engine-wide names for the generated schema types, plus the shapes only the engine uses. */
import type { FlowDocument, Step, Target, Transition, Option, ProductType, UpsellServices } from "../../schemas/generated/flow";
import type { LeadFields, FieldKey, ServiceType } from "../../schemas/generated/fields";
import type { FieldError } from "../../schemas/generated/lead";

export type { FlowDocument, Step, Target, Transition, Option, ProductType, UpsellServices, LeadFields, FieldKey, ServiceType, FieldError };

/** Every kind of step a flow document may hold. */
export type StepKind = Step["kind"];

/** The step of a given kind. */
export type StepOfKind<K extends StepKind> = Extract<Step, { kind: K }>;

/** What the visitor has answered so far, keyed by field. */
export type Answers = LeadFields;

/** A JSON Schema object, as far as the engine needs to read one. */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  $id?: string;
  definitions?: Record<string, JsonSchema>;
  [keyword: string]: unknown;
}

/** The parts of an Ajv error the engine reads (Ajv's ErrorObject has these). */
export interface SchemaError {
  instancePath: string;
  /** Where in the schema the failing keyword is (`fields.schema.json#/definitions/fieldKey/enum`). */
  schemaPath?: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Checks data against a JSON Schema: passed in, so the engine ships no schema compiler. */
export type SchemaCheck = (schema: JsonSchema, data: unknown) => SchemaError[];

/** Throws on a value that should be impossible: ends an exhaustive switch. */
export function assertNever(value: never, what = "value"): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
