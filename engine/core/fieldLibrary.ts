/** The field library (schemas/fields.schema.json) as the engine reads it: labels and per-field schemas. */
import fieldsSchema from "../../schemas/fields.schema.json";
import type { FieldKey, JsonSchema } from "./types";

const library = fieldsSchema as unknown as JsonSchema & {
  properties: Record<FieldKey, JsonSchema>;
  definitions: Record<string, JsonSchema>;
};

/** Every field key of the library. */
export const fieldKeys = Object.keys(library.properties) as FieldKey[];

export { fieldLabel, isFieldKey } from "./fieldLabels";

/** The field's own schema with local `#/definitions/…` references inlined, so it stands alone. */
export function fieldSchema(key: FieldKey): JsonSchema {
  return inlineRefs(library.properties[key]);
}

/** The schema one answer of the field must satisfy: the field's own, or one item's for a list field. */
export function valueSchema(key: FieldKey): JsonSchema {
  const schema = fieldSchema(key);
  return schema.type === "array" && schema.items ? schema.items : schema;
}

function inlineRefs(schema: JsonSchema): JsonSchema {
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.replace("#/definitions/", "");
    const target = library.definitions[name];
    if (!target) throw new Error(`fields.schema.json: unknown reference "${schema.$ref}"`);
    const { $ref: _ref, ...rest } = schema;
    return { ...inlineRefs(target), ...rest };
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, inlineRefs(v)]),
    );
  }
  if (schema.items) out.items = inlineRefs(schema.items);
  return out;
}
