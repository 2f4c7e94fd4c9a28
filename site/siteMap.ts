/**
 * Every content page's address, title, breadcrumb label and body: the one list the routes, breadcrumbs, footer
 * share links and sitemap read. Bodies live in content modules (site/content/), loaded with their page.
 */
import { flows } from "virtual:flow-manifest";
import { quotePath } from "../engine/core/quotePaths";

/** What draws a page: the home page, or a landing or legal page with its content module (site/content/<kind>/<content>.ts). */
export type PageBody = { kind: "home" } | { kind: "landing" | "legal"; content: string };

export interface SitePage {
  path: string;
  /** The page title before the brand is added (see pageTitle in head.tsx). */
  title: string;
  /** The breadcrumb label. */
  crumb: string;
  body: PageBody;
}

const landing = (content: string): PageBody => ({ kind: "landing", content });
const legal = (content: string): PageBody => ({ kind: "legal", content });

export const sitePages: readonly SitePage[] = [
  { path: "/", title: "Compare Business Energy Prices and Services", crumb: "Home", body: { kind: "home" } },
  {
    path: "/business-energy/",
    title: "Business Energy: Compare Gas and Electricity",
    crumb: "Business Energy",
    body: landing("businessEnergy"),
  },
  {
    path: "/business-energy/electric-vehicle-charging/",
    title: "Workplace EV Charging for Business",
    crumb: "Electric Vehicle Charging",
    body: landing("evCharging"),
  },
  {
    path: "/business-energy-generators/",
    title: "Sell Surplus Electricity: Compare Export Deals",
    crumb: "Sell Your Energy",
    body: landing("generators"),
  },
  { path: "/business-solar/", title: "Commercial Solar Panels for Business", crumb: "Business Solar", body: landing("businessSolar") },
  {
    path: "/business-broadband/",
    title: "Business Broadband: Compare Fibre Deals",
    crumb: "Business Broadband",
    body: landing("businessBroadband"),
  },
  { path: "/business-phones/", title: "Business Phone Systems and VoIP", crumb: "Business Phones", body: landing("businessPhones") },
  {
    path: "/business-water/",
    title: "Business Water: Compare Retailers and Save",
    crumb: "Business Water",
    body: landing("businessWater"),
  },
  { path: "/business-waste/", title: "Business Waste Collection: Compare Quotes", crumb: "Business Waste Collection", body: landing("businessWaste") },
  { path: "/take-card-payments/", title: "Card Machines and Payments for Business", crumb: "Take Card Payments", body: landing("cardPayments") },
  {
    path: "/take-card-payments/barclaycard/",
    title: "Barclaycard Payments: Card Machines",
    crumb: "Barclaycard Payments",
    body: landing("barclaycard"),
  },
  {
    path: "/business-insurance/",
    title: "Business Insurance: Compare Quotes",
    crumb: "Business Insurance",
    body: landing("businessInsurance"),
  },
  { path: "/home-energy/", title: "Home Energy: Compare Gas and Electricity", crumb: "Home Energy", body: landing("homeEnergy") },
  { path: "/home-energy/solar/", title: "Solar Panels for Your Home", crumb: "Solar Panels", body: landing("homeSolar") },
  { path: "/legal/terms-and-conditions/", title: "Terms and Conditions", crumb: "Terms and Conditions", body: legal("termsAndConditions") },
  { path: "/legal/privacy-policy/", title: "Privacy Policy", crumb: "Privacy Policy", body: legal("privacyPolicy") },
];

/** Every pre-rendered path (the 404 page is rendered separately). */
export const staticPaths: string[] = [...sitePages.map((page) => page.path), ...flows.map((flow) => quotePath(flow.path))];

/** A path with its trailing slash, as the site's addresses are written. */
export const withSlash = (path: string) => (path.endsWith("/") ? path : `${path}/`);

export function findPage(path: string): SitePage | undefined {
  const wanted = withSlash(path);
  return sitePages.find((page) => page.path === wanted);
}

export interface Crumb {
  label: string;
  path: string;
}

/** Home › the page's ancestors › the page, for a content page other than home. */
export function breadcrumbTrail(page: SitePage): Crumb[] {
  const segments = page.path.split("/").filter(Boolean);
  const ancestors = segments
    .slice(0, -1)
    .map((_, i) => findPage(`/${segments.slice(0, i + 1).join("/")}/`))
    .filter((found) => found !== undefined);
  return [sitePages[0]!, ...ancestors, page].map((p) => ({ label: p.crumb, path: p.path }));
}

/** The page's own title (before the brand is added), for share links: a content page's, or a quote flow's. */
export function titleOf(pathname: string): string | undefined {
  const path = withSlash(pathname);
  return findPage(path)?.title ?? flows.find((flow) => quotePath(flow.path) === path)?.title;
}
