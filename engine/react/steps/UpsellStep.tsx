import type { FormEvent } from "react";
import { carriedAnswers } from "../../core/carryOver";
import { STEP_FORM_ID } from "../fieldIds";
import { NextButton } from "../StepParts";
import { SUCCESS_MESSAGE } from "./SuccessStep";
import type { StepProps } from "../types";

/**
 * After the lead is in: other services the visitor may want. Choosing one starts that flow with their
 * address and contact details already filled; "No thanks" goes on to the end.
 */
export function UpsellStep({ step, answers, headingId, busy, services, result, onNext }: StepProps<"upsell">) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext({});
  };
  return (
    <form id={STEP_FORM_ID} className="step-form" onSubmit={submit} noValidate>
      {result && <p className="notice notice--success">Your quote request is in. {SUCCESS_MESSAGE}</p>}
      <ul className="upsell-list" aria-labelledby={headingId}>
        {step.services.map((service) => (
          <li key={service.flow}>
            <button
              type="button"
              className="button button--secondary upsell-list__button"
              onClick={() => services.startFlow(service.flow, { ...carriedAnswers(answers), upsell: undefined })}
            >
              {service.label}
            </button>
            {service.hint && <span className="option__hint">{service.hint}</span>}
          </li>
        ))}
      </ul>
      {step.next !== undefined && <NextButton label="No thanks, I'm done" busy={busy} />}
    </form>
  );
}
