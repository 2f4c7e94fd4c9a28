/** The shapes of page content. Text may hold links written `[label](/path)`; see components/RichText.tsx. */
import type { ServiceType } from "../../schemas/generated/fields";

export type { ServiceType };

/** One block of body text. */
export type Block =
  string | { list: string[] } | { steps: string[] } | { table: { caption: string; head: string[]; rows: string[][] } } | { note: string };

export interface Section {
  /** The anchor other pages link to (/business-energy/#how-switching-works). */
  id: string;
  heading: string;
  blocks: Block[];
}

export interface Faq {
  question: string;
  answer: Block[];
}

/** How a page starts a quote, per the spec's quick-start boxes. */
export type QuickStartSpec =
  /** A postcode box into /quote/<flow>/?postcode=… */
  | { kind: "postcode"; flow: string; placeholder: "Enter your postcode..." | "Enter your business postcode..." }
  /** Business or Home (Non-Business for insurance): straight into that flow's quote page with its ?serviceType=… (flow ids here). */
  | { kind: "serviceType"; question: string; business: string; other: string; otherLabel: "Home" | "Non-Business" }
  /** "Do you currently accept card payments?" Yes / No, into /quote/<flow>/?currentlyAcceptsCardPayments=… */
  | { kind: "cardPayments"; flow: "take-card-payments" | "take-card-payments/barclaycard" }
  /** A plain button into /quote/<flow>/, asking nothing first. */
  | { kind: "start"; flow: string; label: string };

/** A service landing page (/business-energy/ and the rest). */
export interface LandingContent {
  /** The service in a sentence ("business energy"), as in "Why compare business energy with …". */
  serviceName: string;
  description: string;
  heading: string;
  intro: string;
  quickStart: QuickStartSpec;
  /** Three short facts under the quick-start box. */
  highlights: [string, string, string];
  /** The service whose partner offers show on the page. */
  offers?: ServiceType;
  sections: Section[];
  faqs: Faq[];
  /** A second quick-start at the foot of the page, when it differs from the first. */
  closingQuickStart?: QuickStartSpec;
  /** Paths of related landing pages. */
  related: string[];
}

/** A legal page: terms, privacy. */
export interface LegalContent {
  description: string;
  heading: string;
  /** The date this version took effect, YYYY-MM-DD. */
  effective: string;
  intro: Block[];
  sections: Section[];
}
