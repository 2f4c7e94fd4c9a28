/** The Ajv set-up shared by the server and the build: every schema registered once, custom formats added. */
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import fieldsSchema from "../../schemas/fields.schema.json";
import flowSchema from "../../schemas/flow.schema.json";
import leadSchema from "../../schemas/lead.schema.json";
import splitSchema from "../../schemas/split.schema.json";
import { formats } from "./fieldFormats";
import type { JsonSchema, SchemaCheck } from "./types";

/** A fresh Ajv with the project's schemas (by `$id`) and formats. */
export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats(ajv, ["email"]);
  for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, check);
  ajv.addSchema([fieldsSchema, flowSchema, leadSchema, splitSchema]);
  return ajv;
}

/** A SchemaCheck over one Ajv, compiling each distinct schema once. */
export function createSchemaCheck(ajv: Ajv = createAjv()): SchemaCheck {
  const compiled = new Map<string, ValidateFunction>();
  return (schema: JsonSchema, data: unknown) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    return validate(data) ? [] : [...(validate.errors ?? [])];
  };
}
