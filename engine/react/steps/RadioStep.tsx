import { useRef, type FormEvent } from "react";
import { fieldMessage } from "../../core/messages";
import { FieldErrorMessage, NextButton } from "../StepParts";
import { StepForm } from "../StepForm";
import { OptionList } from "./OptionList";
import type { StepProps } from "../types";

/** How long after a pointer press a click still counts as a tap (arrow keys also fire clicks). */
const TAP_WINDOW_MS = 1000;

/** One answer from a list. A tap on an option moves on at once; keyboard users choose, then press Next. */
export function RadioStep({ step, answers, errors, headingId, nextLabel, busy, onChange, onNext, onErrors }: StepProps<"radio">) {
  const pressedAt = useRef(0);
  const field = step.field;
  const current = (answers as Record<string, unknown>)[field];
  const isOption = (value: unknown) => step.options.some((o) => o.value === value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isOption(current)) onNext({ [field]: current });
    else {
      const error = current === undefined ? { keyword: "required", params: { missingProperty: field } } : { keyword: "enum", params: {} };
      onErrors([{ field, step: step.id, message: fieldMessage(field, { ...error, instancePath: "" }) }]);
    }
  };

  return (
    <StepForm stepId={step.id} onSubmit={submit}>
      <OptionList
        type="radio"
        field={field}
        options={step.options}
        headingId={headingId}
        errors={errors}
        isChecked={(value) => current === value}
        onPointerDown={() => (pressedAt.current = Date.now())}
        inputProps={(value) => ({
          onChange: () => onChange({ [field]: value }),
          onClick: () => {
            if (Date.now() - pressedAt.current > TAP_WINDOW_MS) return;
            pressedAt.current = 0;
            onNext({ [field]: value });
          },
        })}
      />
      <FieldErrorMessage field={field} errors={errors} />
      <NextButton label={nextLabel} busy={busy} />
    </StepForm>
  );
}
