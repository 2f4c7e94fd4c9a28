import { Link, Outlet } from "react-router";
import { BRAND } from "../config";

/** Header, main content and footer around every page. */
export function SiteLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to="/" className="logo" aria-label={`${BRAND} home`}>
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>{BRAND}</span>
          </Link>
          <nav aria-label="Main" className="site-nav">
            <Link to="/quote/business-energy/">Business energy quote</Link>
          </nav>
        </div>
      </header>
      <main id="main" className="site-main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>
            © {BRAND}. We compare business services from UK suppliers and pass your enquiry only to the partners you
            agree to.
          </p>
        </div>
      </footer>
    </>
  );
}
