import { PostcodeQuickStart } from "../quote/PostcodeQuickStart";
import { PageHead } from "../head";
import { BRAND } from "../config";

/** The front page: what we do, and a postcode box into the business energy quote. */
export default function HomePage() {
  return (
    <div className="container">
      <PageHead
        description={`Compare business energy prices from UK suppliers in a couple of minutes. Free, with no obligation – ${BRAND} finds you quotes.`}
        path="/"
      />
      <section className="hero">
        <h1>Compare business energy and save</h1>
        <p className="hero__lead">
          Answer a few quick questions about your premises and we will find you quotes from UK business energy
          suppliers. It is free, and there is no obligation to switch.
        </p>
        <PostcodeQuickStart flowPath="business-energy" placeholder="Enter your business postcode..." />
      </section>
      <section className="how-it-works" aria-labelledby="how-heading">
        <h2 id="how-heading">How it works</h2>
        <ol>
          <li>Tell us what you use: electricity, gas or both, and roughly what you spend.</li>
          <li>Give us your business address and how to reach you.</li>
          <li>A specialist compares suppliers for your premises and calls you with quotes.</li>
        </ol>
      </section>
    </div>
  );
}
