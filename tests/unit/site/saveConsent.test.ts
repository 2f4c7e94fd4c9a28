// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { currentConsent, hasAnalyticsConsent, hasMarketingConsent } from "../../../site/consent/consentState";
import { saveConsent } from "../../../site/consent/saveConsent";

function clearCookies(): void {
  for (const name of ["_sp_consent_chosen", "_sp_analytics_on", "_sp_marketing_on"])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
afterEach(clearCookies);

describe("saving a cookie choice", () => {
  it("writes the three cookies, hides the banner, then updates consent mode, tells the page and the data layer, in that order", () => {
    const calls: string[] = [];
    window.dataLayer = [];
    document.documentElement.classList.add("consent-pending");
    const listener = (event: Event) =>
      calls.push(`page event ${JSON.stringify((event as CustomEvent).detail)} after ${window.dataLayer!.length} data-layer items`);
    window.addEventListener("cookieConsentChosen", listener);

    expect(currentConsent()).toBeUndefined();
    saveConsent({ analytics: true, marketing: false });
    window.removeEventListener("cookieConsentChosen", listener);

    expect(document.cookie.split("; ").sort()).toEqual(["_sp_analytics_on=1", "_sp_consent_chosen=1", "_sp_marketing_on=0"]);
    expect(document.documentElement.classList.contains("consent-pending")).toBe(false);
    expect(hasAnalyticsConsent()).toBe(true);
    expect(hasMarketingConsent()).toBe(false);
    const [update, event] = window.dataLayer!;
    expect(Object.prototype.toString.call(update)).toBe("[object Arguments]");
    expect(Array.from(update as ArrayLike<unknown>)).toEqual([
      "consent",
      "update",
      { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "granted" },
    ]);
    expect(calls).toEqual(['page event {"analytics":true,"marketing":false} after 1 data-layer items']);
    expect(event).toEqual({ event: "cookie_consent_chosen", consent_analytics: true, consent_marketing: false });
  });
});
