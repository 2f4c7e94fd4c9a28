/** Build-time settings the site reads (all optional; see site/config.ts and site/build/tagManagerPlugin.ts). */
interface ImportMetaEnv {
  readonly VITE_BRAND?: string;
  readonly VITE_SITE_URL?: string;
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_COMPANY_NUMBER?: string;
  readonly VITE_COMPANY_ADDRESS?: string;
  readonly VITE_ICO_NUMBER?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_LINKEDIN_URL?: string;
  readonly VITE_FACEBOOK_URL?: string;
  readonly VITE_X_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_LOANS_PARTNER_URL?: string;
  readonly VITE_GTM_ID?: string;
  readonly VITE_SPEED_INSIGHTS_SRC?: string;
  /** Set by scripts/build.ts: the build's date in UK time, YYYY-MM-DD. */
  readonly VITE_BUILD_DATE?: string;
}
