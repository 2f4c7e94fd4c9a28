/** Each service's quick-start box: at the top of its landing page, and at the end of its guides and news. */
import type { GuideCategory } from "../../schemas/generated/article";
import type { QuickStartSpec } from "./types";

/** Every guide category has a quote flow except business loans, which a lending partner arranges. */
export type QuoteCategory = Exclude<GuideCategory, "business-loans">;

export const serviceQuickStarts = {
  "business-energy": { kind: "postcode", flow: "business-energy", placeholder: "Enter your business postcode..." },
  "business-water": { kind: "postcode", flow: "business-water", placeholder: "Enter your business postcode..." },
  "business-broadband": {
    kind: "serviceType",
    question: "Is the broadband for a business or a home?",
    business: "business-broadband",
    other: "home-broadband",
    otherLabel: "Home",
  },
  "take-card-payments": { kind: "cardPayments", flow: "take-card-payments" },
  "business-waste": { kind: "postcode", flow: "business-waste", placeholder: "Enter your business postcode..." },
  "business-solar": { kind: "postcode", flow: "business-solar", placeholder: "Enter your business postcode..." },
  "business-energy-generators": {
    kind: "serviceType",
    question: "Where do you generate electricity?",
    business: "business-energy-generators",
    other: "home-energy-generators",
    otherLabel: "Home",
  },
  "business-insurance": {
    kind: "serviceType",
    question: "Who is the insurance for?",
    business: "business-insurance",
    other: "home-insurance",
    otherLabel: "Non-Business",
  },
} as const satisfies Record<QuoteCategory, QuickStartSpec>;

/** Where a service's box at the foot of a page differs from the one at the top. */
export const closingQuickStarts: Partial<Record<QuoteCategory, QuickStartSpec>> = {
  "business-insurance": { kind: "start", flow: "business-insurance", label: "Get a business insurance quote" },
};

/** The box at the end of a guide or news article of this category or service, if it has a quote flow. */
export function closingQuickStartFor(section: string): QuickStartSpec | undefined {
  if (!Object.hasOwn(serviceQuickStarts, section)) return undefined;
  const category = section as QuoteCategory;
  return closingQuickStarts[category] ?? serviceQuickStarts[category];
}
