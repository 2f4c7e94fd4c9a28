/** The versions of the legal documents in force (engine/core/legalVersions.ts, which the server reads too). */
export { PRIVACY_NOTICE_VERSION, TERMS_VERSION } from "../../../engine/core/legalVersions";
