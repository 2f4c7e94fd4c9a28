import { STOP_SEARCHING_TEMPLATE, fillSuccessTokens } from "../../core/successText";
import type { StepProps } from "../types";

/** The spec's reassurance after a lead is in. */
export const SUCCESS_MESSAGE = "No need to do anything else – we'll be in touch shortly.";

/** The end of a flow: the lead is in, who will call, and how to reach them now. */
export function SuccessStep({ step, answers, result }: StepProps<"success">) {
  const buyers = result?.buyers ?? [];
  const values = { buyers, phone: answers.phone, email: answers.email };
  const phoneStatus = result?.outOfHours ? "Currently closed" : "Open now";
  return (
    <div className="success">
      <p className="success__lead">{step.message ? fillSuccessTokens(step.message, values) : SUCCESS_MESSAGE}</p>
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
                  <a href={`tel:${buyer.phone!.replace(/[^\d+]/g, "")}`}>{buyer.phone}</a>{" "}
                  <span className={`phone-status phone-status--${result?.outOfHours ? "closed" : "open"}`}>{phoneStatus}</span>
                </li>
              ))}
          </ul>
        </>
      )}
    </div>
  );
}
