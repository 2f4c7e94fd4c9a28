/** The words of the guides and news listings: each section's name, and the heading and line that open its listings. */
import type { GuideCategory, NewsService } from "../../schemas/generated/article";
import type { ArticleKind } from "../articles/articlePaths";

export interface ListingWords {
  heading: string;
  /** One line under the heading, also the page's description. */
  intro: string;
}

export interface ArticleSection {
  /** In title case, for page titles ("Business Energy Guides & Tools"). */
  label: string;
  guides: ListingWords;
  /** Only for the news services. */
  news?: ListingWords;
}

export const articleSections: Record<GuideCategory, ArticleSection> & Record<NewsService, ArticleSection & { news: ListingWords }> = {
  "business-energy": {
    label: "Business Energy",
    guides: {
      heading: "Business energy guides",
      intro: "Plain answers about business gas and electricity: reading your bill, meters, contract types and how switching supplier works.",
    },
    news: {
      heading: "Business energy news",
      intro: "Short explainers on the rules, charges and deadlines behind business gas and electricity bills, newest first.",
    },
  },
  "business-water": {
    label: "Business Water",
    guides: {
      heading: "Business water guides",
      intro: "How the business water market works, what your bill and meter tell you, and how things differ in Scotland and Wales.",
    },
    news: {
      heading: "Business water news",
      intro: "Explainers on who does what in business water, the charges on your bill and how the market came to be, newest first.",
    },
  },
  "business-broadband": {
    label: "Business Broadband",
    guides: {
      heading: "Business broadband guides",
      intro: "Choosing a business connection, fibre or a leased line, the move away from copper phone lines, and what to check before you switch.",
    },
    news: {
      heading: "Business broadband news",
      intro: "Explainers on broadband technology, service promises and the copper switch-off as they affect businesses, newest first.",
    },
  },
  "take-card-payments": {
    label: "Card Payments",
    guides: {
      heading: "Card payment guides",
      intro: "Card machines, taking payments online, settlement and card security: what to know before you choose a payment provider.",
    },
    news: {
      heading: "Card payments news",
      intro: "Explainers on contactless, online payment security and how quickly card takings reach your account, newest first.",
    },
  },
  "business-waste": {
    label: "Business Waste",
    guides: {
      heading: "Business waste guides",
      intro: "Your legal duties for business waste, waste transfer notes, recycling rules and choosing the right bins and collections.",
    },
    news: {
      heading: "Business waste news",
      intro: "Explainers on the waste and recycling rules that apply to workplaces, from duty of care to hazardous waste, newest first.",
    },
  },
  "business-solar": {
    label: "Business Solar",
    guides: {
      heading: "Business solar guides",
      intro: "Whether solar suits your premises, how an installation goes, using or exporting what you generate, and keeping panels working.",
    },
    news: {
      heading: "Business solar news",
      intro: "Explainers on grid connection, planning and self-consumption for solar panels on business premises, newest first.",
    },
  },
  "business-energy-generators": {
    label: "Business Generators",
    guides: {
      heading: "Guides to selling the electricity you generate",
      intro: "Export tariffs, power purchase agreements, export metering and eligibility, for businesses that generate more power than they use.",
    },
    news: {
      heading: "News for businesses that generate electricity",
      intro: "Explainers on the Smart Export Guarantee, power purchase agreements and guarantees of origin, newest first.",
    },
  },
  "business-insurance": {
    label: "Business Insurance",
    guides: {
      heading: "Business insurance guides",
      intro: "Which covers a small business needs, what the law requires of employers, and how to compare quotes from brokers.",
    },
    news: {
      heading: "Business insurance news",
      intro: "Explainers on compulsory cover, the main liability policies and your duties when you buy business insurance, newest first.",
    },
  },
  "business-loans": {
    label: "Business Loans",
    guides: {
      heading: "Business loan guides",
      intro: "The kinds of business finance, what lenders look at, how credit searches work and the full cost of borrowing.",
    },
  },
};

function sectionWords(section: string): ArticleSection {
  if (!Object.hasOwn(articleSections, section)) throw new Error(`site/content/articleSections.ts: no words for the section "${section}"`);
  return articleSections[section as GuideCategory];
}

/** A listing's heading and intro; throws, naming this file, when it has none for that section and kind. */
export function listingWords(section: string, kind: ArticleKind): ListingWords {
  const words = sectionWords(section)[kind === "guide" ? "guides" : "news"];
  if (!words) throw new Error(`site/content/articleSections.ts: "${section}" has no words for a ${kind} listing`);
  return words;
}

/** A listing's page title: "Business Energy Guides & Tools", "Business Energy News". */
export function listingTitle(section: string, kind: ArticleKind): string {
  return `${sectionWords(section).label} ${kind === "guide" ? "Guides & Tools" : "News"}`;
}
