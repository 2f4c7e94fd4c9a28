/** A consent certificate's claims in words, for the operator's `npm run consent -- verify` and the /consent/ page. */
import type { ConsentClaims } from "./certificate";

const when = (seconds: number) => new Date(seconds * 1000).toISOString().replace(".000Z", "Z");

/** The claims, one line each as "label: value"; fingerprints and salt shown as they are (they name no one). */
export function certificateLines(claims: ConsentClaims): Array<[label: string, value: string]> {
  const { consent, form, session, fingerprints } = claims;
  const steps = form.steps.map((step) => (step.answeredAt ? `${step.id} (${step.answeredAt})` : step.id)).join(", ");
  return [
    ["Issued by", claims.iss],
    ["Certificate id", claims.jti],
    ["Lead id", claims.sub],
    ["Signed at", when(claims.iat)],
    ["Wording beside the button", consent.wording ?? "(none recorded)"],
    ["Button", consent.buttonLabel],
    ["Privacy notice version", consent.privacyNoticeVersion ?? "(none recorded)"],
    ["Partners named", consent.partners.length > 0 ? consent.partners.join(", ") : "(none)"],
    ["Form", `${form.id}, version ${form.version}`],
    ["Form document SHA-256", form.documentSha256],
    ["Page", form.path],
    ["Steps walked", steps],
    ["Sent by", form.entry === "plain-forms" ? "the page's plain forms (no script)" : "the page's script"],
    ["Seconds from first step to submit", session.secondsToSubmit === null ? "(not measured)" : String(session.secondsToSubmit)],
    ["Bot check", session.botCheck],
    ["Test lead", session.test ? "yes" : "no"],
    ["Salt", claims.salt],
    ["E-mail fingerprint", fingerprints.email ?? "(no e-mail)"],
    ["Phone fingerprint", fingerprints.phone ?? "(no phone)"],
  ];
}

/** Whether parsed claims have a certificate's shape (a token signed by us always has; a file may not). */
export function isConsentClaims(value: Record<string, unknown>): value is Record<string, unknown> & ConsentClaims {
  const object = (key: string) => typeof value[key] === "object" && value[key] !== null;
  return typeof value.iss === "string" && typeof value.sub === "string" && typeof value.jti === "string" && typeof value.iat === "number" && ["consent", "form", "fingerprints", "session"].every(object);
}
