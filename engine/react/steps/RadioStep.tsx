import { useRef, type FormEvent } from "react";
import { FIRST_ANSWER_ROUTE, firstQuestion } from "../../core/firstAnswer";
import { fieldMessage } from "../../core/messages";
import { STEP_FORM_ID } from "../fieldIds";
import { FieldErrorMessage, NextButton } from "../StepParts";
import { OptionList } from "./OptionList";
import type { StepProps } from "../types";

/** How long after a pointer press a click still counts as a tap (arrow keys also fire clicks). */
const TAP_WINDOW_MS = 1000;

/** One answer from a list. A tap on an option moves on at once; keyboard users choose, then press Next. */
export function RadioStep({ step, flow, answers, errors, headingId, nextLabel, busy, onChange, onNext, onErrors }: StepProps<"radio">) {
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

  // The pre-rendered first question works as a plain form until the page's script takes it over (firstAnswer.ts).
  const plainForm = firstQuestion(flow)?.step.id === step.id;
  return (
    <form id={STEP_FORM_ID} className="step-form" onSubmit={submit} noValidate {...(plainForm ? { method: "post", action: FIRST_ANSWER_ROUTE } : {})}>
      {plainForm && (
        <>
          <input type="hidden" name="flow" value={flow.id} />
          <input type="hidden" name="version" value={flow.version} />
        </>
      )}
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
    </form>
  );
}
