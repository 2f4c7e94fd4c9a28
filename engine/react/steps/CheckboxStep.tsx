import type { FormEvent } from "react";
import { STEP_FORM_ID, fieldErrorId, fieldId } from "../fieldIds";
import { FieldErrorMessage, NextButton, hasError } from "../StepParts";
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
    else {
      const message = minSelected === 1 ? "Please choose at least one answer" : `Please choose at least ${minSelected} answers`;
      onErrors([{ field, step: step.id, message }]);
    }
  };

  return (
    <form id={STEP_FORM_ID} className="step-form" onSubmit={submit} noValidate>
      <fieldset
        className="options"
        aria-labelledby={headingId}
        aria-describedby={hasError(field, errors) ? fieldErrorId(field) : undefined}
      >
        {step.options.map((option, index) => (
          <label key={option.value} className="option option--checkbox">
            <input
              type="checkbox"
              name={field}
              id={index === 0 ? fieldId(field) : undefined}
              value={option.value}
              checked={chosen.includes(option.value)}
              onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            />
            <span className="option__label">{option.label}</span>
            {option.hint && <span className="option__hint">{option.hint}</span>}
          </label>
        ))}
      </fieldset>
      <FieldErrorMessage field={field} errors={errors} />
      <NextButton label={nextLabel} busy={busy} />
    </form>
  );
}
