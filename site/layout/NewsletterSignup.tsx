import { useEffect, useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { SOMETHING_WENT_WRONG } from "../../engine/core/messages";

const CONSENT_LEAD = "We will use your e-mail address only to send you our newsletter. Every e-mail has a link to unsubscribe, and";
const CONSENT_LINK = "our privacy policy";
const CONSENT_END = "explains how we look after your data.";

/** The wording beside the button; it is sent with the address, as the record of what the visitor agreed to. */
export const NEWSLETTER_CONSENT_TEXT = `${CONSENT_LEAD} ${CONSENT_LINK} ${CONSENT_END}`;

/** What the newsletter offers, per audience: households on the home pages and their quotes, businesses elsewhere. */
const OFFER = {
  household: "Energy and household bill news and practical ways to cut your bills at home, straight to your inbox.",
  business: "Business energy market news and practical ways to cut your running costs, straight to your inbox.",
} as const;

/** Whether a page is for households: the home landing pages (/home-energy/…) and household quotes (/quote/home-…/). */
function isHouseholdPage(pathname: string): boolean {
  return /^\/(quote\/)?home-/.test(pathname);
}

type State = { kind: "idle" } | { kind: "sending" } | { kind: "done"; message: string } | { kind: "error"; message: string };

/** Subscribe Now: an e-mail address, Subscribe, and the server's answer, offered in the page's audience's terms. */
export function NewsletterSignup({ pathname }: { pathname: string }) {
  const id = useId();
  const [state, setState] = useState<State>({ kind: "idle" });
  // Set once the page's code has taken the form over (the footer's code arrives late; see lazyWhenNeeded).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const honeypot = String(form.get("website") ?? "");
    if (!email) return setState({ kind: "error", message: "Enter your e-mail address to subscribe." });
    setState({ kind: "sending" });
    try {
      const response = await fetch("/api/newsletter", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ email, consentText: NEWSLETTER_CONSENT_TEXT, ...(honeypot ? { honeypot } : {}) }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      if (response.ok) return setState({ kind: "done", message: body.message ?? "You have subscribed successfully!" });
      setState({
        kind: "error",
        message: response.status < 500 && body.message ? body.message : SOMETHING_WENT_WRONG,
      });
    } catch {
      setState({ kind: "error", message: SOMETHING_WENT_WRONG });
    }
  }

  const errorId = `${id}-error`;
  return (
    <section className="newsletter" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="newsletter__heading">
        Subscribe Now
      </h2>
      <p>{OFFER[isHouseholdPage(pathname) ? "household" : "business"]}</p>
      {state.kind === "done" ? (
        <p className="newsletter__done" role="status">
          {state.message}
        </p>
      ) : (
        <form className="newsletter__form" method="post" action="/api/newsletter" noValidate onSubmit={subscribe} data-ready={ready || undefined}>
          {/* Sent as the record of consent when the form posts itself without JavaScript. */}
          <input type="hidden" name="consentText" value={NEWSLETTER_CONSENT_TEXT} />
          <label htmlFor={`${id}-email`} className="visually-hidden">
            Your e-mail address
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            className="form-control"
            placeholder="Enter your e-mail address"
            autoComplete="email"
            aria-invalid={state.kind === "error" || undefined}
            aria-describedby={state.kind === "error" ? errorId : undefined}
          />
          {/* Left empty by people, who never see it; a bot that fills it is quietly ignored by the server. */}
          <div className="visually-hidden" aria-hidden="true">
            <label htmlFor={`${id}-website`}>Website</label>
            <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <button type="submit" className="button button--primary" disabled={state.kind === "sending"}>
            Subscribe
          </button>
          {state.kind === "error" && (
            <p id={errorId} className="field-error newsletter__error" role="alert">
              {state.message}
            </p>
          )}
        </form>
      )}
      <p className="newsletter__consent">
        {CONSENT_LEAD} <Link to="/legal/privacy-policy/">{CONSENT_LINK}</Link> {CONSENT_END}
      </p>
    </section>
  );
}
