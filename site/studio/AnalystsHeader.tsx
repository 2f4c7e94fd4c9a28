/**
 * The analysts' header over every page of the studio, as on the flows and results pages: the site's name, the links
 * to those pages, and on the site who is signed in with Sign out (a plain form post, as on the other pages).
 */
import { useEffect, useState } from "react";
import { Outlet } from "react-router";
import { ANALYSTS_NAV, ANALYSTS_SUBTITLE, ANALYSTS_TITLE, analystsLinks, SIGN_OUT_PATH } from "../../engine/studio/analystsHeader";
import { liveApi } from "./liveApi";
import { LIVE } from "./studioPlace";

export function AnalystsHeader() {
  const [name, setName] = useState<string>();
  useEffect(() => {
    if (!LIVE) return;
    liveApi.me().then(
      (me) => setName(me.name || undefined),
      () => setName(undefined),
    );
  }, []);
  return (
    <header className="analysts-header">
      <p className="analysts-header-title">
        {ANALYSTS_TITLE} <span>· {ANALYSTS_SUBTITLE}</span>
      </p>
      <nav aria-label={ANALYSTS_NAV}>
        {analystsLinks(LIVE).map((link) => (
          <a key={link.href} href={link.href}>
            {link.label}
          </a>
        ))}
        {name !== undefined && (
          <form method="post" action={SIGN_OUT_PATH}>
            <p>
              Signed in as {name} <button type="submit">Sign out</button>
            </p>
          </form>
        )}
      </nav>
    </header>
  );
}

/** A studio page under the header. */
export function WithAnalystsHeader() {
  return (
    <>
      <AnalystsHeader />
      <Outlet />
    </>
  );
}
