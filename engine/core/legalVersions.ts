/**
 * The versions of the legal documents in force: the date each took effect. A lead records which privacy notice it
 * was given, whether the page's script sent it or the server took it from a plain form.
 */
export const PRIVACY_NOTICE_VERSION = "2026-11-25";
export const TERMS_VERSION = "2026-11-21";
