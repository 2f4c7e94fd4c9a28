/**
 * What a visitor sees when a quote form cannot be shown (a flow the server could not load, or a step that failed
 * to draw): the specification's message, a way to try again and how to reach us. Never a blank page.
 */
import { SOMETHING_WENT_WRONG } from "../../engine/core/messages";
import { CONTACT_EMAIL } from "../businessDetails";
import { PageHead } from "../head";

export function QuoteUnavailable() {
  return (
    <div className="container narrow quote-unavailable">
      <PageHead title="Something has gone wrong" description="This quote form cannot be shown just now." path="/quote/" noindex />
      <h1>{SOMETHING_WENT_WRONG}</h1>
      <p>
        This quote form could not be shown just now. {/* The quote page itself, from its start (quote pages end in "/"). */}
        <a href="./">Try again</a> in a moment, or write to us at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> and we will start
        your quote for you.
      </p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </div>
  );
}
