/** Records the visitor's cookie choice (loaded when they make one, so no page pays for it up front). */
import Cookies from "js-cookie";
import { ANALYTICS_COOKIE, CONSENT_CHOSEN_COOKIE, MARKETING_COOKIE, type ConsentChoice } from "../../engine/core/siteCookies";
import { gtag, pushDataLayer } from "../tracking/dataLayer";
import { CONSENT_EVENT, CONSENT_PENDING_CLASS } from "./consentState";

/** How long a choice lasts before the banner asks again. */
const CONSENT_DAYS = 365;

/** Consent-mode states for a choice, as Tag Manager names them. */
function consentModeUpdate({ analytics, marketing }: ConsentChoice): Record<string, "granted" | "denied"> {
  const ads = marketing ? "granted" : "denied";
  return { ad_storage: ads, ad_user_data: ads, ad_personalization: ads, analytics_storage: analytics ? "granted" : "denied" };
}

/**
 * Records a choice: writes the cookies and hides the banner, updates consent mode, then tells the page
 * (`cookieConsentChosen`) and the data layer (`cookie_consent_chosen`), in that order.
 */
export function saveConsent(choice: ConsentChoice): void {
  const attributes = { expires: CONSENT_DAYS, path: "/", sameSite: "Lax", secure: location.protocol === "https:" } as const;
  Cookies.set(CONSENT_CHOSEN_COOKIE, "1", attributes);
  Cookies.set(ANALYTICS_COOKIE, choice.analytics ? "1" : "0", attributes);
  Cookies.set(MARKETING_COOKIE, choice.marketing ? "1" : "0", attributes);
  document.documentElement.classList.remove(CONSENT_PENDING_CLASS);
  gtag("consent", "update", consentModeUpdate(choice));
  window.dispatchEvent(new CustomEvent<ConsentChoice>(CONSENT_EVENT, { detail: choice }));
  pushDataLayer("cookie_consent_chosen", { consent_analytics: choice.analytics, consent_marketing: choice.marketing });
}
