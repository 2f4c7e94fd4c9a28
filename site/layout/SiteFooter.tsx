import { Link } from "react-router";
import { useToday } from "../components/useToday";
import { COMPANY, CONTACT_EMAIL, SOCIAL_PROFILES } from "../businessDetails";
import { BRAND, SITE_URL } from "../config";
import { pageTitle } from "../head";
import { titleOf } from "../siteMap";
import { articleTitleOf, categoryGuideLinks, defaultGuideLinks } from "./articleLinks";
import { companyLinks, productLinks, shareLinks, type FooterLink } from "./footerLinks";
import { NewsletterSignup } from "./NewsletterSignup";

const NEW_TAB = " (opens in a new tab)";

/** Link groups, newsletter, share and social links, and the company's registration, on every page. */
export default function SiteFooter({ pathname }: { pathname: string }) {
  const year = useToday().slice(0, 4);
  const pageUrl = SITE_URL + pathname;
  const insurancePage = pathname.includes("business-insurance");

  return (
    <footer className="site-footer">
      <div className="container">
        <NewsletterSignup pathname={pathname} />
        <div className="site-footer__groups">
          <LinkGroup heading="Products" links={productLinks} />
          <LinkGroup heading="Guides" links={categoryGuideLinks(pathname) ?? defaultGuideLinks()} />
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="site-footer__heading">
              Contact
            </h2>
            <p className="site-footer__contact">
              <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z" fill="currentColor" />
              </svg>
              <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </p>
            <p>Write to us about a quote you asked for, your personal data, or anything on this site.</p>
          </section>
          <section aria-labelledby="footer-company">
            <h2 id="footer-company" className="site-footer__heading">
              Company
            </h2>
            <ul className="site-footer__links">
              {companyLinks.map((link) => (
                <li key={link.href}>
                  <FooterAnchor link={link} />
                </li>
              ))}
              <li>
                <button type="button" className="link-button" data-consent-action="customise">
                  Cookie settings
                </button>
              </li>
            </ul>
          </section>
        </div>

        <div className="site-footer__social">
          <section aria-labelledby="footer-share">
            <h2 id="footer-share" className="site-footer__heading">
              Share this page
            </h2>
            <ul className="pill-list">
              {shareLinks(pageUrl, pageTitle(titleOf(pathname) ?? articleTitleOf(pathname))).map((link) => (
                <li key={link.label}>
                  <a className="pill" href={link.href} target="_blank" rel="noopener noreferrer">
                    Share on {link.label}
                    <span className="visually-hidden">{NEW_TAB}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-follow">
            <h2 id="footer-follow" className="site-footer__heading">
              Follow {BRAND}
            </h2>
            <ul className="pill-list">
              {SOCIAL_PROFILES.map((profile) => (
                <li key={profile.name}>
                  <a className="pill" href={profile.url} target="_blank" rel="noopener noreferrer">
                    {profile.name}
                    <span className="visually-hidden">{NEW_TAB}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <div className="site-footer__legal">
          <Link to="/" className="logo logo--footer">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>{BRAND}</span>
            <span className="visually-hidden"> home page</span>
          </Link>
          {insurancePage && (
            <p className="site-footer__note" data-testid="insurance-note">
              {BRAND} is not an insurer and does not give insurance advice. We introduce you to insurance brokers authorised and regulated
              by the Financial Conduct Authority, who will discuss your needs and arrange any policy you choose.
            </p>
          )}
          <p>
            {BRAND} is a trading name of {COMPANY.legalName}, a company registered in England and Wales
            {COMPANY.number ? ` (company number ${COMPANY.number})` : ""}.{COMPANY.address ? ` Registered office: ${COMPANY.address}.` : ""}{" "}
            We are a free comparison and introduction service: we are paid by the partners we introduce you to, never by you.
          </p>
          <p>
            © {year} {COMPANY.legalName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}

function LinkGroup({ heading, links }: { heading: string; links: FooterLink[] }) {
  const id = `footer-${heading.toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {heading}
      </h2>
      <ul className="site-footer__links">
        {links.map((link) => (
          <li key={link.href}>
            <FooterAnchor link={link} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Pages open inside the app; files (sitemap.xml) load as ordinary links. */
function FooterAnchor({ link }: { link: FooterLink }) {
  return link.href.endsWith("/") || link.href.includes("/#") ? (
    <Link to={link.href}>{link.label}</Link>
  ) : (
    <a href={link.href}>{link.label}</a>
  );
}
