/**
 * The values of shared/SPEC.md, transcribed once, section by section. The conformance suite compares the site's
 * own values (imported from where the code keeps them) with these; nothing here is read by the site.
 */

/** §1: the newsletter's words and the copy's claims and prices. */
export const NEWSLETTER = {
  heading: "Subscribe Now",
  button: "Subscribe",
  success: "You have subscribed successfully!",
} as const;

export const COPY_CLAIMS = [
  ["businesses helped", "40,000"],
  ["loan rates viewable within", "90 seconds"],
  ["next-day settlement needs transactions before", "9pm"],
  ["typical gas price per kWh", "7p-9p"],
  ["typical electricity price per kWh", "24p-28p"],
  ["energy credit offer of 50 pounds", "£50 energy credit"],
] as const;

/** §1: the broadband offer that expired on this day. */
export const EXPIRED_BROADBAND_OFFER_DAY = "2023-09-21";

/** §2: public pages. */
export const PUBLIC_PAGES = [
  "/", "/business-energy/", "/business-energy-generators/", "/business-solar/", "/business-broadband/", "/business-water/",
  "/business-waste/", "/take-card-payments/", "/take-card-payments/barclaycard/", "/business-insurance/", "/business-phones/",
  "/home-energy/", "/home-energy/solar/", "/business-energy/electric-vehicle-charging/",
] as const;

/** §2: quote pages under /quote/, plus the generic /quote/ (""). */
export const QUOTE_PAGES = [
  "home-energy", "home-energy-generators", "home-broadband", "home-water", "home-payments", "home-waste", "home-solar",
  "home-insurance", "business-energy", "business-energy-generators", "business-solar", "business-credit-cards",
  "business-broadband", "business-water", "business-waste", "business-insurance", "take-card-payments",
  "take-card-payments/barclaycard", "",
] as const;

/** §2: the query parameters the shell reads. */
export const SHELL_QUERY_PARAMETERS = ["tm", "v", "fcc", "serviceType", "postcode", "currentlyAcceptsCardPayments"] as const;

/** §2: guide categories and news services. */
export const GUIDE_CATEGORIES = [
  "business-energy", "business-water", "business-broadband", "take-card-payments", "business-waste", "business-solar",
  "business-energy-generators", "business-insurance", "business-loans",
] as const;
export const GUIDES_PER_CATEGORY = 4;
export const NEWS_SERVICES = [
  "business-energy", "business-energy-generators", "business-broadband", "business-water", "business-waste", "business-solar",
  "business-insurance", "take-card-payments",
] as const;
export const LEGAL_PAGES = ["/legal/terms-and-conditions/", "/legal/privacy-policy/"] as const;

/** §2: the home broadband providers among the external partner links. */
export const HOME_BROADBAND_PROVIDERS = ["BT", "O2", "EE"] as const;

/** §2: the breadcrumb labels, each with the page it names. */
export const BREADCRUMB_LABELS = [
  ["Home", "/"],
  ["Business Energy", "/business-energy/"],
  ["Sell Your Energy", "/business-energy-generators/"],
  ["Business Solar", "/business-solar/"],
  ["Business Water", "/business-water/"],
  ["Business Waste Collection", "/business-waste/"],
  ["Business Broadband", "/business-broadband/"],
  ["Business Insurance", "/business-insurance/"],
  ["Take Card Payments", "/take-card-payments/"],
  ["Barclaycard Payments", "/take-card-payments/barclaycard/"],
  ["Electric Vehicle Charging", "/business-energy/electric-vehicle-charging/"],
  ["Solar Panels", "/home-energy/solar/"],
  ["Terms and Conditions", "/legal/terms-and-conditions/"],
  ["Privacy Policy", "/legal/privacy-policy/"],
] as const;
/** Breadcrumb labels of pages that are not in the site map: quote pages, and guide and news listings. */
export const QUOTE_CRUMB = "Get a quote";
export const LISTING_CRUMBS = { guide: "Guides & Tools", news: "Latest News" } as const;

/** §2: the quick-start boxes. */
export const POSTCODE_PLACEHOLDERS = ["Enter your postcode...", "Enter your business postcode..."] as const;
export const QUICK_START_BUTTON = "Get a quote";
export const RADIO_QUICK_START = { business: "Business", home: "Home", insuranceHome: "Non-Business" } as const;
export const CARD_PAYMENTS_QUESTION = { question: "Do you currently accept card payments?", answers: ["Yes", "No"] } as const;

/** §2: the quote form's words. */
export const QUOTE_FORM_TEXTS = {
  next: "Next",
  back: "Back",
  postcode: "Postcode",
  manualAddress: "Or enter address manually",
  addressNotListed: "My address isn't listed",
  stopSearching: "No need to do anything else – we'll be in touch shortly.",
  open: "Open now",
  closed: "Currently closed",
} as const;

/** §2: the footer's groups, and the Products and Company links in the spec's order. */
export const FOOTER_GROUPS = ["Products", "Guides", "Contact", "Company"] as const;
export const FOOTER_PRODUCTS = [
  "/business-energy/", "/business-water/", "/business-broadband/", "/take-card-payments/", "/business-waste/", "/business-solar/",
  "/business-energy-generators/", "/quote/business-credit-cards/", "/business-insurance/", "/business-loans/guides/",
] as const;
export const FOOTER_COMPANY = ["/legal/terms-and-conditions/", "/legal/privacy-policy/"] as const;
export const SOCIAL_NETWORKS = ["LinkedIn", "Facebook", "X", "Instagram"] as const;
export const SHARE_NETWORKS = ["Facebook", "X", "LinkedIn"] as const;
export const X_HASHTAGS = ["switch", "business", "energy"] as const;
