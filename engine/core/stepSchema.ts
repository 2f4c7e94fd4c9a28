/** The JSON Schema that a step's answers must satisfy, assembled by the step's kind from the field library. */
import { fieldSchema } from "./fieldLibrary";
import { formSchema as formSchemaFrom } from "./kinds/form";
import { kindOf } from "./kinds/registry";
import type { Answers, JsonSchema, Step, StepOfKind } from "./types";

export { stepFields } from "./stepFields";

/**
 * The schema for a step's answers. An address step has two shapes: a picked address, or a manual one
 * (chosen by `businessAddressManual`), so the schema depends on the answers.
 */
export function stepSchema(step: Step, answers: Answers = {}): JsonSchema {
  return kindOf(step).schema(step, answers, fieldSchema);
}

/**
 * What the server checks a step's answers with: the step's schema and, whatever the step offers, each answer
 * against its field in the library, so a flow offering a value its field refuses (an option the linter flags)
 * never has it stored. How many boxes must be ticked is the step's to say.
 */
export function answersSchema(step: Step, answers: Answers = {}): JsonSchema {
  const library = Object.fromEntries(kindOf(step).fields(step, answers).map((key) => [key, valuesOf(fieldSchema(key))]));
  return { allOf: [stepSchema(step, answers), { type: "object", properties: library }] };
}

/** A field's schema without its count of items, which a step may set otherwise. */
function valuesOf(schema: JsonSchema): JsonSchema {
  const { minItems: _fewest, ...values } = schema;
  return values;
}

/**
 * The schemas the browser checks a step's answers with before moving on, precompiled at build time (see
 * site/build/stepValidatorsPlugin.ts), keyed by what follows the step id in the validator's key: "" for the
 * step itself, ":<variant>" for one of its shapes. A kind checked by hand, or asking nothing, has none.
 */
export function browserSchemas(step: Step): Record<string, JsonSchema> {
  return kindOf(step).browserSchemas?.(step, fieldSchema) ?? {};
}

/** The schema of a form step: its fields from the library, all required but the optional ones. */
export function formSchema(step: StepOfKind<"form">): JsonSchema {
  return formSchemaFrom(step, fieldSchema);
}
