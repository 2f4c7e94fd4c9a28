/** The footer's link groups (Products, Guides, Contact and Company are drawn by SiteFooter from these). */

export interface FooterLink {
  label: string;
  href: string;
}

/** The spec's Products group, in its order: the services, the credit cards quote and the loans guides. */
export const productLinks: FooterLink[] = [
  { label: "Business Energy", href: "/business-energy/" },
  { label: "Business Water", href: "/business-water/" },
  { label: "Business Broadband", href: "/business-broadband/" },
  { label: "Take Card Payments", href: "/take-card-payments/" },
  { label: "Business Waste Collection", href: "/business-waste/" },
  { label: "Business Solar", href: "/business-solar/" },
  { label: "Sell Your Energy", href: "/business-energy-generators/" },
  { label: "Business Credit Cards", href: "/quote/business-credit-cards/" },
  { label: "Business Insurance", href: "/business-insurance/" },
  { label: "Business Loans Guides", href: "/business-loans/guides/" },
];

/** The Guides group outside a guide category's pages: the four guides the spec names as examples. */
export const defaultGuidePaths: string[] = [
  "/business-energy/guides/how-to-read-your-business-energy-bill/",
  "/business-energy/guides/how-switching-business-energy-supplier-works/",
  "/business-water/guides/understanding-your-business-water-bill/",
  "/take-card-payments/guides/how-to-accept-card-payments-online/",
];

/** The spec's Company group: terms and conditions, privacy policy. */
export const companyLinks: FooterLink[] = [
  { label: "Terms and Conditions", href: "/legal/terms-and-conditions/" },
  { label: "Privacy Policy", href: "/legal/privacy-policy/" },
];

/** The hashtags X share links carry. */
export const SHARE_HASHTAGS = ["switch", "business", "energy"];

/** Share addresses for a page, each carrying its address and title. */
export function shareLinks(url: string, title: string): FooterLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: "X", href: `https://x.com/intent/tweet?url=${u}&text=${t}&hashtags=${SHARE_HASHTAGS.join(",")}` },
    { label: "LinkedIn", href: `https://www.linkedin.com/shareArticle?mini=true&url=${u}&title=${t}` },
  ];
}
