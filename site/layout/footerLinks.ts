/** The footer's link groups (Products, Guides, Contact and Company are drawn by SiteFooter from these). */

export interface FooterLink {
  label: string;
  href: string;
}

export const productLinks: FooterLink[] = [
  { label: "Business Energy", href: "/business-energy/" },
  { label: "Business Generators", href: "/business-energy-generators/" },
  { label: "Business Solar", href: "/business-solar/" },
  { label: "EV Charging", href: "/business-energy/electric-vehicle-charging/" },
  { label: "Business Broadband", href: "/business-broadband/" },
  { label: "Business Phones", href: "/business-phones/" },
  { label: "Business Water", href: "/business-water/" },
  { label: "Business Waste", href: "/business-waste/" },
  { label: "Card Payments", href: "/take-card-payments/" },
  { label: "Barclaycard", href: "/take-card-payments/barclaycard/" },
  { label: "Business Insurance", href: "/business-insurance/" },
  { label: "Home Energy", href: "/home-energy/" },
  { label: "Home Solar Panels", href: "/home-energy/solar/" },
];

/** Explainers within the service pages, by their sections' anchors: the Guides group outside a guide category's pages. */
export const guideLinks: FooterLink[] = [
  { label: "How switching business energy works", href: "/business-energy/#how-switching-works" },
  { label: "What business energy costs", href: "/business-energy/#costs" },
  { label: "Choosing a business water retailer", href: "/business-water/#how-switching-works" },
  { label: "Your duty of care for business waste", href: "/business-waste/#duty-of-care" },
  { label: "Card payment fees explained", href: "/take-card-payments/#costs" },
  { label: "Which business insurance you need", href: "/business-insurance/#cover-types" },
];

export const companyLinks: FooterLink[] = [
  { label: "Privacy Policy", href: "/legal/privacy-policy/" },
  { label: "Terms and Conditions", href: "/legal/terms-and-conditions/" },
  { label: "Sitemap", href: "/sitemap.xml" },
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
