import type { FormEvent } from "react";
import { STEP_FORM_ID } from "../fieldIds";
import { NextButton } from "../StepParts";
import { SUCCESS_MESSAGE } from "./SuccessStep";
import { UpsellServices } from "./UpsellServices";
import type { StepProps } from "../types";

/**
 * Other services the visitor may want, as a step of its own. Choosing one starts that flow with their
 * address and contact details already filled; "No thanks" goes on.
 */
export function UpsellStep({ step, answers, headingId, busy, services, result, onNext }: StepProps<"upsell">) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext({});
  };
  return (
    <form id={STEP_FORM_ID} className="step-form" onSubmit={submit} noValidate>
      {result && <p className="notice notice--success">Your quote request is in. {SUCCESS_MESSAGE}</p>}
      <UpsellServices offered={step.services} answers={answers} services={services} labelledBy={headingId} />
      {step.next !== undefined && <NextButton label="No thanks, I'm done" busy={busy} />}
    </form>
  );
}
