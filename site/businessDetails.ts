/** Who runs the site and where to find them, from build-time settings (VITE_*; see site/env.d.ts). */
import { BRAND } from "./config";

const env = import.meta.env;

/**
 * The company behind the brand, for the footer's registration line and the legal pages. The number, address
 * and ICO registration have no defaults: nobody else's details are shown, and the build warns until they are set.
 */
export const COMPANY: { legalName: string; number?: string; address?: string; icoNumber?: string } = {
  legalName: env.VITE_COMPANY_NAME || `${BRAND} Ltd`,
  number: env.VITE_COMPANY_NUMBER || undefined,
  address: env.VITE_COMPANY_ADDRESS || undefined,
  icoNumber: env.VITE_ICO_NUMBER || undefined,
};

/** Where visitors write to us, and where data-protection requests go. */
export const CONTACT_EMAIL: string = env.VITE_CONTACT_EMAIL || "hello@switchplan.co.uk";

/** The brand's profiles, opened in a new tab from the footer. */
export const SOCIAL_PROFILES = [
  { name: "LinkedIn", url: env.VITE_LINKEDIN_URL || "https://www.linkedin.com/company/switchplan" },
  { name: "Facebook", url: env.VITE_FACEBOOK_URL || "https://www.facebook.com/switchplan" },
  { name: "X", url: env.VITE_X_URL || "https://x.com/switchplan" },
  { name: "Instagram", url: env.VITE_INSTAGRAM_URL || "https://www.instagram.com/switchplan" },
] as const;

/** The lending partner business-loan visitors are sent to; the loans box only shows when it is set. */
export const LOANS_PARTNER_URL: string | undefined = env.VITE_LOANS_PARTNER_URL || undefined;
