/** The values of shared/SPEC.md §3 to §9, transcribed once (see specTables.ts for §1 and §2). */

/** §3: the quote form field keys. */
export const FIELD_KEYS = [
  "success", "productType", "serviceType", "personal", "businessAddress", "businessAddressManual", "upsell", "spend",
  "spendString", "hasHalfHourlyMeter", "contractExpiry", "contractMonthsLeft", "mmob", "stickee", "quoteFormType",
  "preferredContactTime", "subCampaignId", "exclusiveId", "makeOrTakeCardPayments", "currentlyAcceptsCardPayments",
  "provider", "industry", "desiredPaymentMethod", "utility", "currentSupplier", "meterDetails", "addressIds",
  "concurrentUsers", "currentlyUsesAService", "numberOfSites", "scheduleType", "propertyType", "propertyFloors",
  "generatorType", "generatorCapacity", "businessName", "customerName", "phone", "email", "postcode", "street", "townCity",
  "firstName", "lastName", "manualAddress",
] as const;

/** §3: productType; the spec names "a test type" without its value. */
export const PRODUCT_TYPES = [
  "chooseProduct", "businessEnergy", "businessGenerators", "businessSolar", "businessCreditCards", "businessPayments",
  "businessPaymentsBarclaycard", "businessWater", "businessWaste", "businessBroadband", "businessInsurance", "homeEnergy",
  "homeGenerators", "homeSolar", "homeBroadband", "homeWaste", "homeWater", "homeInsurance",
] as const;

/** §3: serviceType. */
export const SERVICE_TYPES = [
  "business-energy", "business-water", "business-broadband", "take-card-payments", "business-waste", "business-solar",
  "business-energy-generators", "business-insurance", "business-loans", "home-energy", "home-generators", "home-solar",
  "home-broadband", "home-waste", "home-water", "home-insurance",
] as const;

export const LEAD_TYPES = ["exclusive", "generic"] as const;
export const COMMERCIAL_MODELS = ["rs", "cp"] as const;
export const ENERGY_UTILITIES = ["electricity", "gas", "both"] as const;
export const ENERGY_UTILITY_SHORT_FORMS = { electricity: "elec", gas: "gas" } as const;
export const STEP_KINDS = ["success", "full-business-address", "radio", "checkbox", "form", "upsell", "mmob", "stickee"] as const;
export const BUYER_IDS = { first: 2, last: 27, shared: "17" } as const;
export const RESULT_CODES = [
  ["Success", 1],
  ["Duplicate", 2],
  ["Error", -1],
] as const;
export const PARTNER_PHONE_KEYS = ["Barclaycard", "Bionic", "EnergySwitchers", "Tem", "SaveEnergyUK", "EnergyBrokersNI", "GlowGreen", "BusinessWaste"] as const;
/** §3: the success page's placeholder tokens, as the spec words them. */
export const SUCCESS_TOKENS = ["buyer count", "buyers", "lead phone", "lead email", "contact directly"] as const;

/** §3: name splitting examples of the rule (punctuation removed, last word the last name, one word: no last name). */
export const NAME_SPLITS = [
  ["John Smith", "John", "Smith"],
  ["Mary Jane Smith", "Mary Jane", "Smith"],
  ["Dr. John Smith", "Dr John", "Smith"],
  ["Cher", "Cher", ""],
] as const;

/** §3: tracking data keys and how they are read back. */
export const TRACKING_KEYS = [
  "utm_source", "utm_medium", "utm_campaign", "utm_content", "gclid", "campaignid", "adgroupid", "creative", "matchtype",
  "keyword", "fcc", "msclkid", "referrer",
] as const;
export const TRACKING_GROUPS = {
  utm: ["utm_source", "utm_medium", "utm_campaign", "utm_content"],
  ads: ["gclid", "msclkid", "campaignid", "adgroupid", "creative", "matchtype", "keyword", "fcc"],
  user: ["referrer"],
} as const;

/** §3: lead tracking fields. */
export const LEAD_TRACKING_FIELDS = [
  "form_campaign_id", "form_sub_campaign_id", "form_version", "form_step_id", "form_is_manual_address",
  "form_step_history_values", "form_service_type", "form_submit_response_code", "form_submit_response_error",
  "form_is_time_ooh", "form_conversion_value_supporting_data", "form_email", "lead_id",
] as const;

/** §4: consent. */
export const CONSENT_BANNER_BUTTONS = ["Accept", "Reject", "Customise"] as const;
export const CONSENT_POPUP_BUTTONS = ["Save & Close", "Reject", "Accept All"] as const;
export const CONSENT_MODE_DEFAULTS = { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" } as const;
export const BANNER_OFFSET_PX = 20;

/** §4: lead submission response codes. */
export const RESPONSE_CODES = [
  ["0", "none"],
  ["1", "success"],
  ["2", "duplicate"],
  ["3", "fail with error array"],
  ["4", "fail without error array"],
  ["5", "buyer energy"],
  ["6", "buyer payments"],
  ["7", "buyer home solar"],
  ["8", "buyer energy out of hours"],
  ["9", "buyer business solar"],
  ["10", "buyer business waste"],
  ["99", "submit to backend in test mode"],
  ["100", "submit to backend with fake campaign"],
] as const;

/** §5: the spend table, row by row; any other answer is -1. */
export const SPEND_ROWS = [
  [["dontKnow"], -2],
  [["below1000", "below60", "under 5,000 pounds"], 0],
  [["between1000And5000"], 1000],
  [["over5000", "5,000-10,000"], 5000],
  [["between60And120"], 60],
  [["between120And160"], 120],
  [["over160"], 160],
  [["10,000-20,000"], 10000],
  [["20,000-50,000"], 20000],
  [["50,000-100,000"], 50000],
  [["100,000-200,000"], 100000],
  [["200,000+"], 200000],
] as const;
export const SPEND_OTHERWISE = -1;

/** The spend the spec's table gives an answer. */
export function expectedSpend(answer: string): number {
  return SPEND_ROWS.find(([answers]) => (answers as readonly string[]).includes(answer))?.[1] ?? SPEND_OTHERWISE;
}

/** §5 and §8: messages. */
export const MESSAGES = {
  summaryHeading: "Please fix the following issues:",
  unknownFailure: "Something has gone wrong. Please try again.",
  noAddresses: "No addresses found. Please check the postcode is correct.",
  badPhone: "Please enter a valid UK phone number so we can contact you with a quote",
  required: "is required",
  invalid: "is invalid",
} as const;
export const MESSAGE_FIELD_NAMES = [
  ["phone", "Phone number"],
  ["email", "Email"],
  ["postcode", "Postcode"],
  ["businessName", "Business name"],
  ["firstName", "First name"],
  ["lastName", "Last name"],
] as const;

/** §7: data-layer events and their payload keys (as the spec's lead tracking fields name them). */
export const DATA_LAYER_EVENTS = [
  ["user_query_params", ["msclkid"]],
  ["form_start", ["form_campaign_id", "form_version"]],
  ["form_step", ["form_campaign_id", "form_version", "form_step_id", "form_is_manual_address"]],
  ["form_step_history", ["form_campaign_id", "form_version", "form_step_history_values"]],
  ["form_service_type_chosen", ["form_campaign_id", "form_version", "form_service_type"]],
  ["form_submit", ["form_campaign_id", "form_version", "form_submit_response_code", "form_submit_response_error", "form_is_manual_address"]],
  [
    "lead_success",
    ["form_campaign_id", "form_version", "lead_id", "form_sub_campaign_id", "form_is_time_ooh", "form_is_manual_address", "form_conversion_value_supporting_data", "form_email"],
  ],
] as const;
export const CONSENT_EVENTS = { page: "cookieConsentChosen", tagManager: "cookie_consent_chosen" } as const;

/** §9: constants. */
export const TITLE_LIMIT = 60;
export const BREAKPOINTS = { mobile: 0, tablet: 768, desktop: 1012, wide: 1300 } as const;
export const CONSENT_COOKIES = ["_sp_consent_chosen", "_sp_analytics_on", "_sp_marketing_on"] as const;
export const TRACKING_TTL_MS = 2_592_000_000;
