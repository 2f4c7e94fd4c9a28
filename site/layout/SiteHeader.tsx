import { useEffect, useState } from "react";
import { Link } from "react-router";
import { flows } from "virtual:flow-manifest";
import { BRAND } from "../config";

const NAV = [
  { path: "/business-energy/", label: "Energy" },
  { path: "/take-card-payments/", label: "Card Payments" },
  { path: "/business-insurance/", label: "Insurance" },
  { path: "/business-broadband/", label: "Broadband" },
  { path: "/business-water/", label: "Water" },
  { path: "/business-waste/", label: "Waste" },
  { path: "/business-solar/", label: "Solar" },
  { path: "/home-energy/", label: "Home Energy" },
];

/** The chooser (/quote/) once its flow exists, else the business energy quote. */
const startQuotePath = flows.some((flow) => flow.path === "") ? "/quote/" : "/quote/business-energy/";

/** Logo, the services menu (a disclosure below desktop width once scripts run) and the quote button. */
export function SiteHeader({ pathname }: { pathname: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="site-header">
      {/* First in the page's banner: every bit of the page sits in a landmark, the skip link included. */}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="container site-header__bar">
        <Link to="/" className="logo">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{BRAND}</span>
          <span className="visually-hidden"> home page</span>
        </Link>
        <div className="site-header__actions">
          <Link to={startQuotePath} className="button button--primary button--small">
            Get a quote
          </Link>
          <button
            type="button"
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="menu-button__icon" aria-hidden="true" />
            Menu
          </button>
        </div>
      </div>
      <nav id="site-nav" aria-label="Services" className={`site-nav${menuOpen ? " site-nav--open" : ""}`}>
        <ul className="container site-nav__list">
          {NAV.map((item) => (
            <li key={item.path}>
              <Link to={item.path} aria-current={pathname.startsWith(item.path) ? "page" : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
