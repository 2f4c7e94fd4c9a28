import type { FormEvent } from "react";
import { STEP_FORM_ID } from "../fieldIds";
import { NextButton } from "../StepParts";
import type { StepProps } from "../types";

/** A partner deals table; the deals themselves come with the flow's deal data. */
export function StickeeStep({ step, nextLabel, busy, onNext }: StepProps<"stickee">) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext({});
  };
  return (
    <form id={STEP_FORM_ID} className="step-form" onSubmit={submit} noValidate>
      <p>Prefer to talk it through? Carry on and a specialist will call you back about the {step.deals} deals.</p>
      {step.next !== undefined && <NextButton label={nextLabel} busy={busy} />}
    </form>
  );
}
