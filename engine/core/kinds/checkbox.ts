/** A checkbox step: any number of options (at least `minSelected`, 1 unless set), stored as a list. */
import type { StepOfKind } from "../types";
import { lintOptions } from "./options";
import { objectOf, type StepKindModule } from "./stepKind";

export const checkbox: StepKindModule<StepOfKind<"checkbox">> = {
  fields: (step) => [step.field],
  schema(step, _answers, fieldSchema) {
    const base = fieldSchema(step.field);
    const minSelected = step.minSelected ?? 1;
    const items = { ...(base.items ?? { type: "string" }), enum: step.options.map((o) => o.value) };
    return objectOf(
      { [step.field]: { ...base, type: "array", items, minItems: minSelected, uniqueItems: true } },
      minSelected > 0 ? [step.field] : [],
    );
  },
  // Checked by hand in the browser: the answers are among the options.
  lint: lintOptions,
  heading: (step) => step.question,
  shown: (step) => step.options.map((o) => ({ text: o.label, ...(o.hint ? { hint: o.hint } : {}), control: "checkbox" as const })),
  sampleAnswers: (step) => [...step.options.map((o) => ({ [step.field]: [o.value] })), { [step.field]: step.options.map((o) => o.value) }],
  plainForm: (step, posted) => ({ type: "next", patch: { [step.field]: posted.values(step.field) } }),
};

/** The step a new checkbox step starts as in the flow studio (its `next`, when it has one, names itself until placed). */
export const checkboxStarting = (id: string): StepOfKind<"checkbox"> => ({
  id,
  kind: "checkbox",
  field: "coverTypes",
  question: "New question",
  hint: "Choose all that apply.",
  options: [
    { value: "buildings", label: "Buildings" },
    { value: "contents", label: "Contents" },
  ],
  next: id,
});
