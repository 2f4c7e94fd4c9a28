import { ContentSection } from "../components/ContentBlocks";
import { Faqs } from "../components/Faqs";
import { PartnerOffers } from "../components/PartnerOffers";
import { QuickStart } from "../components/QuickStart";
import { RelatedPages } from "../components/RelatedPages";
import { WhyUs } from "../components/WhyUs";
import type { LandingContent } from "../content/types";
import { PageHead } from "../head";
import { Breadcrumbs } from "../layout/Breadcrumbs";
import { breadcrumbTrail, type SitePage } from "../siteMap";

/** A service page: the promise and a quick start, then costs, how switching works, why us and questions. */
export function LandingPage({ page, content }: { page: SitePage; content: LandingContent }) {
  return (
    <article className="landing">
      <PageHead title={page.title} description={content.description} path={page.path} />
      <Breadcrumbs trail={breadcrumbTrail(page)} />
      <div className="hero">
        <div className="container hero__inner">
          <h1>{content.heading}</h1>
          <p className="hero__lead">{content.intro}</p>
          <QuickStart spec={content.quickStart} />
          <ul className="highlights">
            {content.highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container landing__body">
        <nav className="on-this-page" aria-labelledby="on-this-page">
          <h2 id="on-this-page" className="on-this-page__heading">
            On this page
          </h2>
          <ul>
            {content.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
            <li>
              <a href="#faqs">Frequently asked questions</a>
            </li>
          </ul>
        </nav>
        <div className="landing__main">
          {content.offers && <PartnerOffers service={content.offers} />}
          {content.sections.map((section) => (
            <ContentSection key={section.id} section={section} />
          ))}
          <WhyUs service={content.serviceName} />
          <Faqs faqs={content.faqs} />
          <section className="closing-cta" aria-labelledby="closing-cta">
            <h2 id="closing-cta">Get your free quotes</h2>
            <p>It takes a couple of minutes, and there is no obligation to switch.</p>
            <QuickStart spec={content.closingQuickStart ?? content.quickStart} />
          </section>
          <RelatedPages paths={content.related} />
        </div>
      </div>
    </article>
  );
}
