/** Shared by the public-site end-to-end tests (site*.spec.ts). */
import type { BrowserContext, Page } from "@playwright/test";

/** Every content page of the spec and its main heading. */
export const CONTENT_PAGES: ReadonlyArray<{ path: string; heading: string }> = [
  { path: "/", heading: "Compare business energy and save" },
  { path: "/business-energy/", heading: "Business electricity and gas, compared" },
  { path: "/business-energy-generators/", heading: "Get paid for the electricity your business generates" },
  { path: "/business-solar/", heading: "Solar panels for your business" },
  { path: "/business-broadband/", heading: "Business broadband that keeps you working" },
  { path: "/business-water/", heading: "Compare business water retailers" },
  { path: "/business-waste/", heading: "Business waste collection, compared" },
  { path: "/take-card-payments/", heading: "Take card payments for less" },
  { path: "/take-card-payments/barclaycard/", heading: "Card machines and payments from Barclaycard" },
  { path: "/business-insurance/", heading: "Business insurance, arranged by specialist brokers" },
  { path: "/business-phones/", heading: "Business phone systems for the digital switchover" },
  { path: "/home-energy/", heading: "Compare home gas and electricity" },
  { path: "/home-energy/solar/", heading: "Solar panels for your home" },
  { path: "/business-energy/electric-vehicle-charging/", heading: "Electric vehicle charging for your business" },
  { path: "/legal/terms-and-conditions/", heading: "Terms and conditions" },
  { path: "/legal/privacy-policy/", heading: "Privacy policy" },
];

/** One page of each type, for the checks that look at layout and accessibility. */
export const PAGE_TYPES: ReadonlyArray<{ type: string; path: string }> = [
  { type: "home", path: "/" },
  { type: "landing", path: "/business-energy/" },
  { type: "partner landing", path: "/take-card-payments/barclaycard/" },
  { type: "legal", path: "/legal/privacy-policy/" },
  { type: "not found", path: "/no-such-page/" },
  { type: "quote", path: "/quote/business-energy/" },
];

export const CONSENT_COOKIES = ["_sp_consent_chosen", "_sp_analytics_on", "_sp_marketing_on"] as const;

/** A returning visitor who has already chosen, so the banner stays away. */
export async function chooseConsentBeforehand(
  context: BrowserContext,
  baseURL: string,
  { analytics = true, marketing = true } = {},
): Promise<void> {
  const values = { _sp_consent_chosen: "1", _sp_analytics_on: analytics ? "1" : "0", _sp_marketing_on: marketing ? "1" : "0" };
  await context.addCookies(Object.entries(values).map(([name, value]) => ({ name, value, url: baseURL })));
}

/** The consent cookies as name → value. */
export async function consentCookies(context: BrowserContext): Promise<Record<string, string>> {
  const cookies = await context.cookies();
  return Object.fromEntries(cookies.filter((c) => (CONSENT_COOKIES as readonly string[]).includes(c.name)).map((c) => [c.name, c.value]));
}

/** The data layer, with gtag `arguments` objects shown as ["gtag", ...arguments]. */
export function readDataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((item) =>
      Object.prototype.toString.call(item) === "[object Arguments]" ? ["gtag", ...Array.from(item as ArrayLike<unknown>)] : item,
    ),
  );
}

export const DENIED = { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" };
export const GRANTED = { ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted", analytics_storage: "granted" };
