/** The JSON Schema that a step's answers must satisfy, assembled from the step and the field library. */
import { fieldSchema } from "./fieldLibrary";
import { assertNever, type Answers, type JsonSchema, type Step, type StepOfKind } from "./types";

export { manualAddressFields, stepFields } from "./stepFields";

/**
 * The schema for a step's answers. An address step has two shapes: a picked address, or a manual one
 * (chosen by `businessAddressManual`), so the schema depends on the answers.
 */
export function stepSchema(step: Step, answers: Answers = {}): JsonSchema {
  switch (step.kind) {
    case "radio":
      return objectOf({ [step.field]: { ...fieldSchema(step.field), enum: step.options.map((o) => o.value) } });
    case "checkbox":
      return checkboxSchema(step);
    case "form":
      return formSchema(step);
    case "full-business-address":
      return addressSchema(Boolean(answers.businessAddressManual));
    case "upsell":
      return objectOf({ upsell: fieldSchema("upsell") }, []);
    case "mmob":
    case "stickee":
    case "success":
      return objectOf({}, []);
    default:
      return assertNever(step, "step kind");
  }
}

/**
 * The schemas the browser checks a step's answers with before moving on, precompiled at build time (see
 * site/build/stepValidatorsPlugin.ts), keyed by what follows the step id in the validator's key: "" for the
 * step itself, ":<variant>" for one of its shapes. A kind checked by hand, or asking nothing, has none.
 */
export function browserSchemas(step: Step): Record<string, JsonSchema> {
  switch (step.kind) {
    case "form":
      return { "": formSchema(step) };
    case "full-business-address":
      return { ":manual": addressSchema(true), ":picked": addressSchema(false) };
    // Radio and checkbox steps check by hand that the answer is among their options.
    case "radio":
    case "checkbox":
    case "upsell":
    case "mmob":
    case "stickee":
    case "success":
      return {};
    default:
      return assertNever(step, "step kind");
  }
}

/** The schema of a form step: its fields from the library, all required but the optional ones. */
export function formSchema(step: StepOfKind<"form">): JsonSchema {
  const optional = new Set(step.optional ?? []);
  return objectOf(
    Object.fromEntries(step.fields.map((key) => [key, fieldSchema(key)])),
    step.fields.filter((key) => !optional.has(key)),
  );
}

/** The schema of an address step's answers: a picked address, or street, town/city and postcode typed in. */
export function addressSchema(manual: boolean): JsonSchema {
  if (manual) {
    return objectOf({
      businessAddressManual: { type: "boolean", const: true },
      street: fieldSchema("street"),
      townCity: fieldSchema("townCity"),
      postcode: fieldSchema("postcode"),
    });
  }
  return objectOf({
    businessAddressManual: { type: "boolean", const: false },
    businessAddress: fieldSchema("businessAddress"),
    street: fieldSchema("street"),
    townCity: fieldSchema("townCity"),
    postcode: fieldSchema("postcode"),
  }, ["businessAddressManual", "businessAddress", "postcode"]);
}

function checkboxSchema(step: StepOfKind<"checkbox">): JsonSchema {
  const base = fieldSchema(step.field);
  const minSelected = step.minSelected ?? 1;
  const items = { ...(base.items ?? { type: "string" }), enum: step.options.map((o) => o.value) };
  return objectOf(
    { [step.field]: { ...base, type: "array", items, minItems: minSelected, uniqueItems: true } },
    minSelected > 0 ? [step.field] : [],
  );
}

function objectOf(properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema {
  return { type: "object", properties, required };
}
