/** A form step: fields from the library, all required but the optional ones; the usual step that sends the lead. */
import type { StepOfKind } from "../types";
import { objectOf, type FieldSchemaOf, type StepKindModule } from "./stepKind";

/** The schema of a form step: its fields from the library, all required but the optional ones. */
export function formSchema(step: StepOfKind<"form">, fieldSchema: FieldSchemaOf): ReturnType<FieldSchemaOf> {
  const optional = new Set(step.optional ?? []);
  return objectOf(
    Object.fromEntries(step.fields.map((key) => [key, fieldSchema(key)])),
    step.fields.filter((key) => !optional.has(key)),
  );
}

export const form: StepKindModule<StepOfKind<"form">> = {
  fields: (step) => [...step.fields],
  schema: (step, _answers, fieldSchema) => formSchema(step, fieldSchema),
  browserSchemas: (step, fieldSchema) => ({ "": formSchema(step, fieldSchema) }),
  lint(step, lint) {
    const repeated = step.fields.filter((f, i) => step.fields.indexOf(f) !== i);
    for (const field of new Set(repeated)) lint.report("field-twice", `asks for "${field}" twice`, `list "${field}" once in fields`);
    for (const field of step.optional ?? []) {
      if (!step.fields.includes(field)) lint.report("optional-not-asked", `"${field}" is optional but not among the fields`, `remove "${field}" from optional, or add it to fields`);
    }
  },
  heading: (step) => step.question,
  shown: (step) => step.fields.map((field) => ({ field, ...(step.optional?.includes(field) ? { optional: true } : {}) })),
  sampleAnswers: (step, sample) => [Object.fromEntries(step.fields.map((field) => [field, sample(field)]))],
  consentText: (step) => step.consentText,
  // Each field under its own key; a field left empty is unanswered, as the browser's form sends it.
  plainForm: (step, posted) => ({ type: "next", patch: Object.fromEntries(step.fields.map((key) => [key, posted.value(key)?.trim() || undefined])) }),
};

/** The step a new form step starts as in the flow studio (its `next`, when it has one, names itself until placed). */
export const formStarting = (id: string): StepOfKind<"form"> => ({ id, kind: "form", question: "New question", fields: ["businessName"], next: id });
