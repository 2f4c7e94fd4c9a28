import type { StepProps } from "../types";

/** The spec's reassurance after a lead is in. */
export const SUCCESS_MESSAGE = "No need to do anything else – we'll be in touch shortly.";

/** The end of a flow: the lead is in, and the visitor is told what happens next. */
export function SuccessStep({ step, result }: StepProps<"success">) {
  const buyers = result?.buyers ?? [];
  return (
    <div className="success">
      <p className="success__lead">{step.message ?? SUCCESS_MESSAGE}</p>
      {result?.code === "99" && <p className="notice">Test mode: this lead was stored as a test and will not be sent to a partner.</p>}
      {buyers.length > 0 && (
        <>
          <p>Your details are with {buyers.length === 1 ? "our partner" : `${buyers.length} partners`}. If you would rather call:</p>
          <ul className="buyer-list">
            {buyers.map((buyer) => (
              <li key={buyer.name}>
                {buyer.name}
                {buyer.phone && (
                  <>
                    {": "}
                    <a href={`tel:${buyer.phone.replace(/\s+/g, "")}`}>{buyer.phone}</a>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
