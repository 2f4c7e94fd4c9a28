/** A radio step: one answer from a list of options. */
import type { StepOfKind } from "../types";
import { lintOptions } from "./options";
import { objectOf, type StepKindModule } from "./stepKind";

export const radio: StepKindModule<StepOfKind<"radio">> = {
  fields: (step) => [step.field],
  schema: (step, _answers, fieldSchema) => objectOf({ [step.field]: { ...fieldSchema(step.field), enum: step.options.map((o) => o.value) } }),
  // Checked by hand in the browser: the answer is one of the options.
  lint: lintOptions,
  heading: (step) => step.question,
  shown: (step) => step.options.map((o) => ({ text: o.label, ...(o.hint ? { hint: o.hint } : {}), control: "radio" as const })),
  sampleAnswers: (step) => step.options.map((o) => ({ [step.field]: o.value })),
  answeredBy: (step, answers) => step.options.some((o) => o.value === answers[step.field]),
  plainForm: (step, posted) => ({ type: "next", patch: { [step.field]: posted.value(step.field) } }),
};

/** The step a new radio step starts as in the flow studio (its `next`, when it has one, names itself until placed). */
export const radioStarting = (id: string): StepOfKind<"radio"> => ({
  id,
  kind: "radio",
  field: "currentlyUsesAService",
  question: "New question",
  options: [
    { value: "yes", label: "Yes" },
    { value: "no", label: "No" },
  ],
  next: id,
});
