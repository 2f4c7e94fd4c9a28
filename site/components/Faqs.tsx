import type { Faq } from "../content/types";
import { ContentBlocks } from "./ContentBlocks";

/** Questions and answers, each opening in place (plain HTML, so it works without scripts). */
export function Faqs({ faqs }: { faqs: Faq[] }) {
  return (
    <section className="faqs" aria-labelledby="faqs">
      <h2 id="faqs">Frequently asked questions</h2>
      {faqs.map((faq) => (
        <details key={faq.question} className="faq">
          <summary>{faq.question}</summary>
          <div className="faq__answer">
            <ContentBlocks blocks={faq.answer} />
          </div>
        </details>
      ))}
    </section>
  );
}
