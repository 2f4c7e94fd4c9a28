/**
 * A pre-rendered page is read more than it is used: nothing on a content page is hydrated when it loads, so it
 * costs no React on first load (a quote page hydrates only its form: quoteIsland.tsx). What a visitor can do
 * works without React: the menu opens, quick starts are plain GET forms, partner offers that have ended hide.
 * The first time the visitor follows a link within the site, submits a quick start, opens the cookie settings
 * or reaches the footer (its newsletter), the React app is fetched and takes the page over, and what they did
 * is replayed in it: the next page opens inside the app.
 */
import { cookieSettings } from "./consent/consentActions";
import { ukDate } from "./components/ukDate";
import type { SiteNavigate } from "./navigation";

type Replay = () => void;

let takenOver = false;

/** Marks the page as the app's from now on; false when it already was. */
export function takeOverPage(): boolean {
  if (takenOver) return false;
  takenOver = true;
  return true;
}

/**
 * Enhances the server's HTML in `root`. On a content page the app hydrates it when it is first used; on a quote
 * page `leave` moves to another page (the quote form is already React's, so the app is drawn afresh there).
 */
export function enhanceStaticPage(root: HTMLElement, leave?: SiteNavigate): void {
  hideEndedOffers(root);
  const menuButton = root.querySelector<HTMLButtonElement>(".menu-button");
  const nav = root.querySelector<HTMLElement>("#site-nav");
  const setMenuOpen = (open: boolean) => {
    menuButton?.setAttribute("aria-expanded", String(open));
    nav?.classList.toggle("site-nav--open", open);
  };
  let hydrated: Promise<void> | undefined;
  const hydrate = (replay?: Replay) => {
    if (!hydrated && takeOverPage()) {
      // The app starts with the menu closed; the page must read the same when it is hydrated.
      setMenuOpen(false);
      hydrated = import("./fullApp").then((app) => app.hydrateApp(root, true));
    }
    if (replay) void hydrated?.then(replay);
  };

  menuButton?.addEventListener("click", () => {
    if (!takenOver) setMenuOpen(menuButton.getAttribute("aria-expanded") !== "true");
  });
  root.addEventListener("click", (event) => {
    if (takenOver || event.defaultPrevented) return;
    const link = inSiteLink(event);
    if (!link) return;
    event.preventDefault();
    if (leave) leave(link.pathname + link.search + link.hash);
    else hydrate(() => link.click());
  });
  if (leave) return;
  root.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (takenOver || event.defaultPrevented || form.method !== "get" || !sameOrigin(form.action)) return;
    event.preventDefault();
    const submitter = event.submitter;
    hydrate(() => form.requestSubmit(submitter));
  });
  const footer = root.querySelector(".site-footer");
  for (const type of ["focusin", "pointerover", "touchstart"]) footer?.addEventListener(type, () => hydrate(), { once: true, passive: true });
  // The cookie settings popup is React's: asking for it (the banner's Customise) brings the app.
  cookieSettings.subscribe(() => {
    if (cookieSettings.isOpen()) hydrate();
  });
}

/** Paths the server draws itself, never the app: the API, the developers' and analysts' pages, consent certificates and withdrawals. */
const SERVER_PAGES = ["/api/", "/dev/", "/analysts/", "/consent/"];

/** The link a plain left click opens in this tab, when it is a page of this site (not a file, nor a jump within the page). */
function inSiteLink(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return undefined;
  const url = new URL(link.href);
  if (!sameOrigin(url.href) || !url.pathname.endsWith("/") || SERVER_PAGES.some((prefix) => url.pathname.startsWith(prefix))) return undefined;
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return undefined;
  return link;
}

function sameOrigin(href: string): boolean {
  return new URL(href, location.href).origin === location.origin;
}

/** Offers are drawn on the day the page was built; one that has ended since is hidden (React leaves it out once it runs). */
function hideEndedOffers(root: HTMLElement): void {
  const offers = root.querySelectorAll<HTMLElement>("[data-offer-ends]");
  // Today in UK time is worked out only for a page with offers (see ukDate).
  const today = offers.length > 0 ? ukDate(new Date()) : "";
  for (const offer of offers) if ((offer.dataset.offerEnds ?? "") < today) offer.hidden = true;
}
