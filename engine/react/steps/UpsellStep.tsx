import type { FormEvent } from "react";
import { STEP_FORM_ID } from "../fieldIds";
import { NextButton } from "../StepParts";
import type { StepProps } from "../types";

/** Offers other services; choosing one starts that flow with the answers given so far. */
export function UpsellStep({ step, answers, headingId, nextLabel, busy, services, onNext }: StepProps<"upsell">) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext({});
  };
  return (
    <form id={STEP_FORM_ID} className="step-form" onSubmit={submit} noValidate>
      <ul className="upsell-list" aria-labelledby={headingId}>
        {step.services.map((service) => (
          <li key={service.flow}>
            <button type="button" className="button button--secondary" onClick={() => services.startFlow(service.flow, answers)}>
              {service.label}
            </button>
            {service.hint && <span className="option__hint">{service.hint}</span>}
          </li>
        ))}
      </ul>
      {"next" in step && step.next !== undefined && <NextButton label={nextLabel} busy={busy} />}
    </form>
  );
}
