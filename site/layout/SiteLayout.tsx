import { lazy, Suspense, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { Outlet, useLocation } from "react-router";
import { cookieSettings } from "../consent/consentActions";
import { Hydrated } from "./hydrated";
import { lazyWhenNeeded } from "./lazyWhenNeeded";
import { SiteHeader } from "./SiteHeader";

const ConsentPopup = lazy(() => import("../consent/ConsentPopup"));
const footer = lazyWhenNeeded(() => import("./SiteFooter"), ".site-footer");

/** Fetches the footer's code now rather than when the visitor reaches it (the app is taking a page over). */
export const loadFooter = (): void => footer.load();

/** Header, the page, the footer and the cookie settings popup around every page (the banner is in index.html). */
export function SiteLayout() {
  const { pathname, hash } = useLocation();
  const settingsOpen = useSyncExternalStore(cookieSettings.subscribe, cookieSettings.isOpen, () => false);
  const firstPath = useRef(pathname);
  // A footer still waiting for its code cannot take the next page's address: fetch it as this navigation renders.
  if (pathname !== firstPath.current) footer.load();
  useNewPageFocus(pathname, hash);
  // Kept as the same elements between renders: a part still waiting for its code (see lazyWhenNeeded) would
  // otherwise be thrown away and drawn again, blank until then, whenever the layout changes (the popup opening).
  const page = useMemo(
    () => (
      <Suspense>
        <Outlet />
        <Hydrated part="page" />
      </Suspense>
    ),
    [],
  );
  const siteFooter = useMemo(
    () => (
      <Suspense>
        <footer.Component pathname={pathname} />
        <Hydrated part="footer" />
      </Suspense>
    ),
    [pathname],
  );

  return (
    <>
      <SiteHeader pathname={pathname} />
      <main id="main" className="site-main" tabIndex={-1}>
        {page}
      </main>
      {siteFooter}
      {settingsOpen && (
        <Suspense>
          <ConsentPopup onClose={cookieSettings.close} />
        </Suspense>
      )}
    </>
  );
}

/**
 * After moving to another page in the app: focus on the new page's content, scrolled to the top or to the
 * linked section. Navigations are transitions, so the new page is already drawn when this runs.
 */
function useNewPageFocus(pathname: string, hash: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById("main");
    main?.focus({ preventScroll: true });
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    // The linked section, once it is drawn and once whatever closed on the way here (the cookie popup, which gives
    // focus back as it closes) has settled: in the next frame, or as soon as the section appears.
    const id = decodeURIComponent(hash.slice(1));
    const scrollToSection = () => {
      const target = document.getElementById(id);
      target?.scrollIntoView();
      return target !== null;
    };
    const observer = new MutationObserver(() => {
      if (scrollToSection()) observer.disconnect();
    });
    const frame = requestAnimationFrame(() => {
      if (!scrollToSection()) observer.observe(main ?? document.body, { childList: true, subtree: true });
    });
    const giveUp = setTimeout(() => observer.disconnect(), 5000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(giveUp);
      observer.disconnect();
    };
  }, [pathname, hash]);
}
