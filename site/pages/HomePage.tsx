import { Link } from "react-router";
import { Faqs } from "../components/Faqs";
import { LoansQuickStart } from "../components/LoansQuickStart";
import { PartnerOffers } from "../components/PartnerOffers";
import { QuickStart } from "../components/QuickStart";
import { WhyUs } from "../components/WhyUs";
import { LOANS_PARTNER_URL } from "../businessDetails";
import { home } from "../content/home";
import { PageHead } from "../head";
import { findPage } from "../siteMap";

/** The front page: business energy first, then every other service, how it works and common questions. */
export default function HomePage() {
  return (
    <div className="home">
      <PageHead title={findPage("/")!.title} description={home.description} path="/" />
      <div className="hero">
        <div className="container hero__inner">
          <h1>{home.heading}</h1>
          <p className="hero__lead">{home.intro}</p>
          <QuickStart spec={home.quickStart} />
          <ul className="highlights">
            {home.highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container">
        <PartnerOffers service="business-energy" />
        <section aria-labelledby="services">
          <h2 id="services">{home.servicesHeading}</h2>
          <ul className="service-grid">
            {home.services.map((service) => (
              <li key={service.path} className="service-card">
                <h3>
                  <Link to={service.path}>{service.name}</Link>
                </h3>
                <p>{service.summary}</p>
              </li>
            ))}
            <li className="service-card">
              <h3>{home.insurance.heading}</h3>
              <p>{home.insurance.text}</p>
              <QuickStart spec={home.insurance.quickStart} />
            </li>
            {LOANS_PARTNER_URL && (
              <li className="service-card">
                <h3>{home.loans.heading}</h3>
                <p>{home.loans.text}</p>
                <LoansQuickStart partnerUrl={LOANS_PARTNER_URL} label={home.loans.label} />
              </li>
            )}
          </ul>
        </section>
        <section className="how-it-works" aria-labelledby="how-heading">
          <h2 id="how-heading">How it works</h2>
          <ol className="steps">
            {home.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
        <WhyUs service="business services" />
        <Faqs faqs={home.faqs} />
      </div>
    </div>
  );
}
