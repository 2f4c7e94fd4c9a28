/**
 * The one Ajv set-up on the Node side: its options, formats and the project's schemas, used by the server (its
 * route schemas included), the build's precompiled browser validators, the scripts and the tests. The engine's
 * core takes the check this makes (a SchemaCheck) and ships no compiler.
 */
import Ajv, { type Options, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
// JSON imported with its type named, so Node's own loader takes this module as it is (Playwright's specs reach it).
import eventSchema from "../../schemas/event.schema.json" with { type: "json" };
import fieldsSchema from "../../schemas/fields.schema.json" with { type: "json" };
import flowSchema from "../../schemas/flow.schema.json" with { type: "json" };
import leadSchema from "../../schemas/lead.schema.json" with { type: "json" };
import newsletterSchema from "../../schemas/newsletter.schema.json" with { type: "json" };
import splitSchema from "../../schemas/split.schema.json" with { type: "json" };
import { formats } from "../core/fieldFormats";
import type { JsonSchema, SchemaCheck } from "../core/types";

/**
 * How every schema is checked: all errors at once, `kind` unions by discriminator, strict about the schemas
 * themselves, and exactly what was sent (nothing coerced, stripped or defaulted away unseen).
 */
export const ajvOptions = {
  allErrors: true,
  discriminator: true,
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
} as const satisfies Options;

/** The standard formats the schemas use (from ajv-formats); the custom ones are engine/core/fieldFormats.ts. */
export const standardFormats = ["email"] as const;

/** The schemas other schemas and routes name by `$id`. */
export const sharedSchemas = [fieldsSchema, flowSchema, leadSchema, splitSchema, newsletterSchema, eventSchema];

/** A fresh Ajv with the project's options, formats and schemas. */
export function createAjv(): Ajv {
  const ajv = new Ajv(ajvOptions);
  addFormats(ajv, [...standardFormats]);
  for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, check);
  ajv.addSchema(sharedSchemas);
  return ajv;
}

/** A SchemaCheck over one Ajv: a registered schema by its `$id`, any other compiled once per distinct shape. */
export function createSchemaCheck(ajv: Ajv = createAjv()): SchemaCheck {
  const compiled = new Map<string, ValidateFunction>();
  return (schema: JsonSchema, data: unknown) => {
    const key = schema.$id ?? JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = (schema.$id ? ajv.getSchema(schema.$id) : undefined) ?? ajv.compile(schema);
      compiled.set(key, validate);
    }
    return validate(data) ? [] : [...(validate.errors ?? [])];
  };
}

/** Fastify's validator compiler over the same Ajv, so route schemas are checked exactly as everything else is. */
export function routeValidatorCompiler(ajv: Ajv): (route: { schema: object }) => ValidateFunction {
  return ({ schema }) => ajv.compile(schema);
}

/** The options for RJSF's code generator, so the browser's precompiled validators check as the server does. */
export function precompileOptions() {
  const { allErrors, strictRequired, allowUnionTypes, coerceTypes, removeAdditional, useDefaults } = ajvOptions;
  return {
    customFormats: formats,
    ajvFormatOptions: { formats: [...standardFormats] },
    // RJSF's own schema keywords are not Ajv's, so its generator keeps strict mode off; the rest is shared.
    ajvOptionsOverrides: { allErrors, strictRequired, allowUnionTypes, coerceTypes, removeAdditional, useDefaults },
  };
}
