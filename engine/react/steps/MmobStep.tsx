import type { FormEvent } from "react";
import { marketplaceFramePath } from "../../core/marketplaceUrl";
import { NextButton } from "../StepParts";
import { StepForm } from "../StepForm";
import type { StepProps } from "../types";

/**
 * An embedded partner marketplace, framed through our own address (see marketplaceUrl.ts). The frame is given
 * only non-personal answers; a plain link opens the same page for browsers (or partners) that refuse
 * embedding; Next asks for a call back instead.
 */
export function MmobStep({ step, flow, answers, nextLabel, busy, onNext }: StepProps<"mmob">) {
  const href = marketplaceFramePath(flow, step, answers as Record<string, unknown>);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext({});
  };
  return (
    <StepForm stepId={step.id} onSubmit={submit}>
      <iframe
        className="marketplace-frame"
        src={href}
        title={`${step.partner} marketplace`}
        loading="lazy"
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
      />
      <p>
        Not loading?{" "}
        <a href={href} target="_blank" rel="noopener">
          Open the {step.partner} marketplace in a new tab
        </a>
        .
      </p>
      {step.next !== undefined && (
        <>
          <p>Would you rather talk it through? Carry on and a specialist will call you back.</p>
          <NextButton label={step.submit ? nextLabel : "Request a call back"} busy={busy} />
        </>
      )}
    </StepForm>
  );
}
