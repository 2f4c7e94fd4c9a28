/** Site-wide settings known at build time (VITE_* environment variables; see site/env.d.ts). */

/** The brand, shown in titles, the header and the footer (VITE_BRAND at build time). */
export const BRAND: string = import.meta.env.VITE_BRAND || "SwitchPlan";

/** The public origin, for canonical URLs, share links and the sitemap (VITE_SITE_URL at build time). */
export const SITE_URL: string = (import.meta.env.VITE_SITE_URL ?? "http://localhost:3000").replace(/\/$/, "");

/** The longest page title search results show in full. */
export const TITLE_LIMIT = 60;
