import { useId, type FormEvent } from "react";
import { NextButton } from "../StepParts";
import { StepForm } from "../StepForm";
import { UpsellServices } from "./UpsellServices";
import type { StepProps } from "../types";

/**
 * Other services the visitor may want, as a step of its own. Choosing one starts that flow with their
 * address and contact details already filled; "No thanks" goes on. After the lead is in, the confirmation is
 * the page's heading and the step's question follows it.
 */
export function UpsellStep({ step, headingId, busy, result, onNext, onUpsell }: StepProps<"upsell">) {
  const questionId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext({});
  };
  return (
    <StepForm stepId={step.id} onSubmit={submit}>
      {result && <h3 id={questionId}>{step.question}</h3>}
      <UpsellServices offered={step.services} labelledBy={result ? questionId : headingId} onUpsell={onUpsell} />
      {step.next !== undefined && <NextButton label="No thanks, I'm done" busy={busy} />}
    </StepForm>
  );
}
