/** The versions of the legal documents in force: the date each took effect. A lead can record which it was given. */
export const PRIVACY_NOTICE_VERSION = "2026-11-25";
export const TERMS_VERSION = "2026-11-21";
