import { BRAND } from "../config";

/** Why compare through us: the same three promises on every service page. */
export function WhyUs({ service }: { service: string }) {
  return (
    <section className="why-us" aria-labelledby="why-us">
      <h2 id="why-us">
        Why compare {service} with {BRAND}
      </h2>
      <ul className="why-us__list">
        <li>
          <strong>Trusted by businesses across the UK.</strong> We have helped over 40,000 businesses compare the services they run on.
        </li>
        <li>
          <strong>Free, with no obligation.</strong> Our partners pay us when we introduce you, so the quotes cost you nothing and you
          decide whether to take one.
        </li>
        <li>
          <strong>Only the partners you are told about.</strong> Your details go to the partners named when you ask for quotes, for the
          service you asked about, and nobody else.
        </li>
      </ul>
    </section>
  );
}
