import type { FormEvent } from "react";
import { fieldMessage } from "../../core/messages";
import { FieldErrorMessage, NextButton } from "../StepParts";
import { StepForm } from "../StepForm";
import { OptionList } from "./OptionList";
import type { StepProps } from "../types";

/** One or more answers from a list, then Next. */
export function CheckboxStep({ step, answers, errors, headingId, nextLabel, busy, onChange, onNext, onErrors }: StepProps<"checkbox">) {
  const field = step.field;
  const stored = (answers as Record<string, unknown>)[field];
  const chosen = Array.isArray(stored) ? stored.filter((v): v is string => typeof v === "string") : [];
  const minSelected = step.minSelected ?? 1;

  const toggle = (value: string, on: boolean) => {
    const next = step.options.map((o) => o.value).filter((v) => (v === value ? on : chosen.includes(v)));
    onChange({ [field]: next });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length >= minSelected) onNext({ [field]: chosen });
    else onErrors([{ field, step: step.id, message: fieldMessage(field, { keyword: "minItems", instancePath: "", params: { limit: minSelected } }) }]);
  };

  return (
    <StepForm stepId={step.id} onSubmit={submit}>
      <OptionList
        type="checkbox"
        field={field}
        options={step.options}
        headingId={headingId}
        errors={errors}
        isChecked={(value) => chosen.includes(value)}
        inputProps={(value) => ({ onChange: (event) => toggle(value, event.currentTarget.checked) })}
      />
      <FieldErrorMessage field={field} errors={errors} />
      <NextButton label={nextLabel} busy={busy} />
    </StepForm>
  );
}
