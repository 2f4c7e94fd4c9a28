import type { FormEvent } from "react";
import { STEP_FORM_ID } from "../fieldIds";
import { NextButton } from "../StepParts";
import type { StepProps } from "../types";

/** The partner marketplace's address with only the non-personal answers the step names. */
export function marketplaceUrl(url: string, passFields: readonly string[], answers: Record<string, unknown>): string {
  const target = new URL(url);
  for (const field of passFields) {
    const value = answers[field];
    if (typeof value === "string" || typeof value === "number") target.searchParams.set(field, String(value));
  }
  return target.toString();
}

/** A partner marketplace, opened as a link with only non-personal answers. */
export function MmobStep({ step, answers, nextLabel, busy, onNext }: StepProps<"mmob">) {
  const href = marketplaceUrl(step.url, step.passFields, answers as Record<string, unknown>);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext({});
  };
  return (
    <form id={STEP_FORM_ID} className="step-form" onSubmit={submit} noValidate>
      <p>
        <a className="button button--primary" href={href} target="_blank" rel="noopener">
          Compare offers from {step.partner}
        </a>
      </p>
      {step.next !== undefined && <NextButton label={nextLabel} busy={busy} />}
    </form>
  );
}
