/**
 * The studio's form for a step, generated from its kind's definition in schemas/flow.schema.json: every property
 * with its title (or its name in words), references inlined, and the properties the studio draws with its own
 * editors (field keys, options, next) named in the uiSchema.
 */
import flowSchema from "../../schemas/flow.schema.json";
import type { JsonSchema, StepKind } from "../../engine/core/types";

const root = flowSchema as unknown as JsonSchema & { definitions: Record<string, JsonSchema> };
const FIELD_KEY = "fields.schema.json#/definitions/fieldKey";

/** The properties the studio edits beside the generated form (the id, renamed on its own) or never (the kind). */
const OUTSIDE_FORM = new Set(["id", "kind"]);

/** How the studio draws a property the schema alone cannot say (the editor's name; see StepProperties). */
export type PropertyEditor = "fieldKey" | "fieldKeyList" | "optionalFields" | "options" | "next";

/** The definition of a step kind in the flow schema. */
export function kindDefinition(kind: StepKind): JsonSchema {
  const refs = (root.definitions.step?.oneOf as Array<{ $ref: string }>).map((b) => b.$ref.replace("#/definitions/", ""));
  const name = refs.find((r) => (root.definitions[r]?.properties?.kind as JsonSchema | undefined)?.const === kind);
  if (!name) throw new Error(`schemas/flow.schema.json: no step definition of kind "${kind}"`);
  return root.definitions[name]!;
}

/** Every kind the schema allows, in the order of its step union. */
export function schemaKinds(): StepKind[] {
  return (root.definitions.step?.oneOf as Array<{ $ref: string }>).map((b) => root.definitions[b.$ref.replace("#/definitions/", "")]?.properties?.kind?.const as StepKind);
}

/** A kind in words, from its definition's title: "RadioStep" → "Radio step". */
export function kindWords(kind: StepKind): string {
  return words(String(kindDefinition(kind).title ?? kind));
}

/** A name in words: "submitLabel" → "Submit label". */
export function words(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The label of a property of a kind: its title in the schema, or its name in words. */
export function propertyTitle(kind: StepKind, name: string): string {
  const title = kindDefinition(kind).properties?.[name]?.title;
  return typeof title === "string" ? title : words(name);
}

/** The editor the studio uses for a property, when the generated form's own input will not do. */
export function propertyEditor(kind: StepKind, name: string): PropertyEditor | undefined {
  if (name === "next") return "next";
  if (name === "options") return "options";
  if (name === "optional") return "optionalFields";
  const property = kindDefinition(kind).properties?.[name];
  if (property?.$ref === FIELD_KEY) return "fieldKey";
  if (property?.type === "array" && property.items?.$ref === FIELD_KEY) return "fieldKeyList";
  return undefined;
}

/**
 * The JSON Schema of the generated form: the kind's properties but id and kind, each titled, references inlined.
 * What is required is left to the flow's checks (their findings say it in words), so no label carries a star.
 */
export function stepFormSchema(kind: StepKind): JsonSchema {
  const properties = Object.entries(kindDefinition(kind).properties ?? {}).filter(([name]) => !OUTSIDE_FORM.has(name));
  return {
    type: "object",
    properties: Object.fromEntries(properties.map(([name, schema]) => [name, { ...formProperty(kind, name, schema), title: propertyTitle(kind, name) }])),
  };
}

/** Whether a kind must have the property. */
export function isRequired(kind: StepKind, name: string): boolean {
  return kindDefinition(kind).required?.includes(name) ?? false;
}

function formProperty(kind: StepKind, name: string, schema: JsonSchema): JsonSchema {
  const editor = propertyEditor(kind, name);
  if (editor === "fieldKey") return { type: "string" };
  return editor ? {} : inline(schema);
}

/** A property's schema standing alone: local references inlined, every nested property titled, no defaults to fill in. */
function inline(schema: JsonSchema): JsonSchema {
  const { $ref, default: _default, ...rest } = schema;
  const target = typeof $ref === "string" && $ref.startsWith("#/definitions/") ? inline(root.definitions[$ref.slice("#/definitions/".length)]!) : {};
  const out: JsonSchema = { ...target, ...rest };
  if (out.properties) out.properties = Object.fromEntries(Object.entries(out.properties).map(([name, p]) => [name, { title: words(name), ...inline(p) }]));
  if (out.items) out.items = inline(out.items);
  return out;
}
