import { Link } from "react-router";
import { listingPath } from "../articles/articlePaths";
import { LOANS_PARTNER_URL } from "../businessDetails";
import { closingQuickStartFor } from "../content/quickStarts";
import { LoansQuickStart } from "./LoansQuickStart";
import { QuickStart } from "./QuickStart";

/**
 * The box at the end of a guide or news article: its service's quick start, as at the foot of the landing page.
 * Business loans have no quote flow: the lending partner's link when one is configured, else the loan guides.
 */
export function ArticleQuickStart({ section }: { section: string }) {
  const spec = closingQuickStartFor(section);
  if (spec)
    return (
      <CallToAction heading="Get your free quotes" text="It takes a couple of minutes, and there is no obligation to switch.">
        <QuickStart spec={spec} />
      </CallToAction>
    );
  if (LOANS_PARTNER_URL)
    return (
      <CallToAction heading="Check the rates you could borrow at" text="Our lending partner shows the rates on offer to your business.">
        <LoansQuickStart partnerUrl={LOANS_PARTNER_URL} label="Check loan rates" />
      </CallToAction>
    );
  return (
    <CallToAction heading="Before you borrow" text="Our guides explain the kinds of business finance and how lenders decide.">
      <Link className="button button--primary" to={listingPath(section, "guide")}>
        Read the business loan guides
      </Link>
    </CallToAction>
  );
}

function CallToAction({ heading, text, children }: { heading: string; text: string; children: React.ReactNode }) {
  return (
    <section className="closing-cta" aria-labelledby="article-cta">
      <h2 id="article-cta">{heading}</h2>
      <p>{text}</p>
      {children}
    </section>
  );
}
