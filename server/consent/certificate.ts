/**
 * A lead's consent certificate: a JWT (RFC 7519) signed as a JWS (jws.ts) with the site's key, saying what the visitor
 * agreed to (the wording beside the button, the privacy notice version, the partners named, the button), on which form
 * and page, how the form was walked, and fingerprints of the phone and e-mail a buyer can match against the lead they
 * received. Nothing in it is personal data in clear: the contact details are salted hashes and no answer is in it.
 */
import { createHash, randomBytes } from "node:crypto";
import { quotePath } from "../../engine/core/quotePaths";
import { isSubmitStep, stepsToSubmit } from "../../engine/core/submitStep";
import type { Answers, FlowDocument } from "../../engine/core/types";
import type { ContactConsent } from "../../schemas/generated/lead";
import type { ContactColumns } from "../contacts/contactKeys";
import { canonicalJson } from "../leads/submissionDigest";
import { signJws } from "./jws";
import type { SigningKey } from "./signingKeys";

/** The JWS header's typ of a certificate. */
export const CERTIFICATE_TYPE = "consent+jwt";

/** How the lead was sent: by the quote page's script (POST /api/leads), or by the quote's plain forms. */
export type LeadEntry = "script" | "plain-forms";

/** What the server knows of how the form was filled in, beyond the answers. */
export interface LeadSession {
  entry: LeadEntry;
  /** "passed": the start token showed a person's fill time; "honeypot only": the fill-time check is off (MIN_FILL_MS=0). */
  botCheck: "passed" | "honeypot only";
  /** Seconds from the first step (the start token's issue) to the submit, when the start token was checked. */
  secondsToSubmit?: number;
  /**
   * When each step was answered (ISO), by step id: kept by the server for the plain forms, sent by the page's script
   * and placed on the server's clock for POST /api/leads (engine/core/stepTimes.ts).
   */
  answeredAt?: Record<string, string>;
}

/** The certificate's claims. */
export interface ConsentClaims {
  iss: string;
  sub: string;
  jti: string;
  iat: number;
  salt: string;
  consent: { wording: string | null; privacyNoticeVersion: string | null; partners: string[]; buttonLabel: string };
  form: {
    id: string;
    version: number;
    documentSha256: string;
    path: string;
    steps: Array<{ id: string; answeredAt?: string }>;
    entry: LeadEntry;
  };
  fingerprints: { email: string | null; phone: string | null };
  session: { secondsToSubmit: number | null; botCheck: LeadSession["botCheck"]; test: boolean };
}

/** What a certificate is made from: the lead as intake has it. */
export interface CertificateFacts {
  iss: string;
  leadId: string;
  flow: FlowDocument;
  answers: Answers;
  /** Normalised: E.164 phone, trimmed lower-case e-mail (server/contacts/contactKeys.ts). */
  contact: Pick<ContactColumns, "email" | "phone">;
  contactConsent?: ContactConsent | undefined;
  session: LeadSession;
  testMode: boolean;
  issuedAt: Date;
}

/** A signed certificate with its id and the key that signed it, as kept beside the lead. */
export interface IssuedCertificate {
  jti: string;
  kid: string;
  token: string;
}

/** The fingerprint of a normalised contact detail: SHA-256 (hex) of the salt followed by the value. */
export function fingerprint(salt: string, value: string): string {
  return createHash("sha256").update(`${salt}${value}`).digest("hex");
}

const documentHashes = new WeakMap<FlowDocument, string>();

/**
 * SHA-256 (hex) of the version's document in canonical JSON: the `content_hash` the store keeps for a published
 * version (server/storage/publishedFlowsStore.ts), so two texts of the same document have the same hash.
 */
export function documentSha256(flow: FlowDocument): string {
  let hash = documentHashes.get(flow);
  if (!hash) documentHashes.set(flow, (hash = createHash("sha256").update(canonicalJson(flow)).digest("hex")));
  return hash;
}

/** The claims of a lead's certificate. */
export function certificateClaims(facts: CertificateFacts): ConsentClaims {
  const { flow, answers, contact, contactConsent, session } = facts;
  const salt = randomBytes(16).toString("base64url");
  const walked = stepsToSubmit(flow, answers);
  const submit = walked.find(isSubmitStep);
  return {
    iss: facts.iss,
    sub: facts.leadId,
    jti: randomBytes(16).toString("base64url"),
    iat: Math.floor(facts.issuedAt.getTime() / 1000),
    salt,
    consent: {
      wording: contactConsent?.wording ?? null,
      privacyNoticeVersion: contactConsent?.privacyNoticeVersion ?? null,
      partners: contactConsent?.buyers ?? [],
      buttonLabel: submit && "submitLabel" in submit && submit.submitLabel ? submit.submitLabel : "Next",
    },
    form: {
      id: flow.id,
      version: flow.version,
      documentSha256: documentSha256(flow),
      path: quotePath(flow.path),
      steps: walked.map(({ id }) => (session.answeredAt?.[id] ? { id, answeredAt: session.answeredAt[id] } : { id })),
      entry: session.entry,
    },
    fingerprints: {
      email: contact.email ? fingerprint(salt, contact.email) : null,
      phone: contact.phone ? fingerprint(salt, contact.phone) : null,
    },
    session: { secondsToSubmit: session.secondsToSubmit ?? null, botCheck: session.botCheck, test: facts.testMode },
  };
}

/** Signs the lead's certificate with the key. */
export function issueCertificate(facts: CertificateFacts, key: SigningKey): IssuedCertificate {
  const claims = certificateClaims(facts);
  return { jti: claims.jti, kid: key.kid, token: signJws(claims, { typ: CERTIFICATE_TYPE, kid: key.kid, privateKey: key.privateKey }) };
}
