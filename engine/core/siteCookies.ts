/**
 * The visitor's cookie choice, as three first-party cookies with the values "0" and "1". The browser writes them
 * (site/consent/saveConsent.ts), the no-script settings form writes them on the server, and both read them, as
 * does the inline snippet in site/index.html.
 */

export const CONSENT_CHOSEN_COOKIE = "_sp_consent_chosen";
export const ANALYTICS_COOKIE = "_sp_analytics_on";
export const MARKETING_COOKIE = "_sp_marketing_on";

/** What the visitor allowed. */
export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}
