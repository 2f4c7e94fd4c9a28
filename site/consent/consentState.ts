/**
 * The visitor's cookie choice, read from its three first-party cookies (engine/core/siteCookies.ts). The inline
 * snippet in index.html reads the same cookies on every load (to tell Tag Manager); saveConsent.ts writes them
 * when the visitor chooses.
 */
import { ANALYTICS_COOKIE, CONSENT_CHOSEN_COOKIE, MARKETING_COOKIE, type ConsentChoice } from "../../engine/core/siteCookies";

/** The class the inline snippet puts on <html> while no choice is recorded; it shows the banner. */
export const CONSENT_PENDING_CLASS = "consent-pending";

/** The page event fired after every choice; `detail` is the ConsentChoice. */
export const CONSENT_EVENT = "cookieConsentChosen";

/**
 * Whether a consent cookie is "1". Read by hand, like the inline snippet, to keep the cookie library out of
 * the code every page loads; the values are only ever "0" or "1", written by saveConsent.ts with js-cookie.
 */
function isOn(name: string): boolean {
  return typeof document !== "undefined" && `; ${document.cookie};`.includes(`; ${name}=1;`);
}

/** Whether the visitor has made a choice (the banner shows until they have). */
export function hasChosenConsent(): boolean {
  return isOn(CONSENT_CHOSEN_COOKIE);
}

/** Whether the visitor allowed analytics cookies and storage. */
export function hasAnalyticsConsent(): boolean {
  return hasChosenConsent() && isOn(ANALYTICS_COOKIE);
}

/** Whether the visitor allowed marketing cookies and storage (campaign attribution kept across visits). */
export function hasMarketingConsent(): boolean {
  return hasChosenConsent() && isOn(MARKETING_COOKIE);
}

/** The recorded choice, or undefined before the visitor has chosen. */
export function currentConsent(): ConsentChoice | undefined {
  return hasChosenConsent() ? { analytics: hasAnalyticsConsent(), marketing: hasMarketingConsent() } : undefined;
}
