import { useId } from "react";
import { STOP_SEARCHING_TEMPLATE, fillSuccessTokens } from "../../core/successText";
import { PHONE_STATUS, telHref } from "../phoneStatus";
import { UpsellServices } from "./UpsellServices";
import { StepForm } from "../StepForm";
import type { StepProps } from "../types";

/** The sentence before the withdrawal link, and the link's words. */
export const WITHDRAW_LEAD = "Changed your mind? Keep this link to withdraw your consent at any time:";
export const WITHDRAW_LINK = "withdraw my consent";

/** The heading of the success page's upsell. */
export const UPSELL_HEADING = "Switch more services";

/**
 * The end of a flow, under the confirmation as its heading: who will call and whether they are open now, then
 * other services to switch.
 */
export function SuccessStep({ step, answers, result, onUpsell }: StepProps<"success">) {
  const buyers = result?.buyers ?? [];
  const values = { buyers, phone: answers.phone, email: answers.email };
  const phoneStatus = result?.outOfHours ? PHONE_STATUS.closed : PHONE_STATUS.open;
  const upsellId = useId();
  return (
    <div className="success">
      {step.message && <p>{fillSuccessTokens(step.message, values)}</p>}
      {/* A lead held while the store was away (HELD_LEAD_MESSAGE): why no partner is named yet. */}
      {result?.code === "1" && result.message && <p className="notice">{result.message}</p>}
      {result?.code === "99" && <p className="notice">Test mode: this lead was stored as a test and will not be sent to a partner.</p>}
      <p>{fillSuccessTokens(STOP_SEARCHING_TEMPLATE, values)}</p>
      {buyers.some((b) => b.phone) && (
        <>
          <p>{fillSuccessTokens("{contactDirectly}", values)}</p>
          <ul className="buyer-list">
            {buyers
              .filter((b) => b.phone)
              .map((buyer) => (
                <li key={buyer.name}>
                  <span className="buyer-list__name">{buyer.name}</span>{" "}
                  <a href={telHref(buyer.phone!)}>{buyer.phone}</a>{" "}
                  <span className={`phone-status phone-status--${result?.outOfHours ? "closed" : "open"}`}>{phoneStatus}</span>
                </li>
              ))}
          </ul>
        </>
      )}
      {/* The visitor's own way to withdraw later: the link is theirs alone, so the page asks them to keep it. */}
      {result?.withdrawUrl && (
        <p className="success__withdraw">
          {WITHDRAW_LEAD} <a href={result.withdrawUrl}>{WITHDRAW_LINK}</a>
        </p>
      )}
      {step.services && (
        <section className="success__upsell" aria-labelledby={upsellId}>
          <h3 id={upsellId}>{UPSELL_HEADING}</h3>
          {/* A form, so the services' buttons work without scripts too. */}
          <StepForm stepId={step.id} onSubmit={(event) => event.preventDefault()}>
            <UpsellServices offered={step.services} labelledBy={upsellId} onUpsell={onUpsell} />
          </StepForm>
        </section>
      )}
    </div>
  );
}
