/**
 * A certificate's status, as `GET /api/consent/<jti>` answers it: a JWS signed with the same keys and header style as
 * the certificate (typ `consent-status+jwt`), of `{ iss, jti, status, withdrawnAt, iat }`. Read by the jti through
 * two index lookups (the withdrawals' key and the leads' unique `consent_jti`), however many leads are kept.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { appSetting } from "../storage/appSettings";
import { findCertificate, type KeptCertificate } from "../storage/consentStore";
import type { Database } from "../storage/schema";
import { signJws } from "./jws";
import type { SigningKey } from "./signingKeys";

/** The JWS header's typ of a status. */
export const STATUS_TYPE = "consent-status+jwt";

/** A status's claims. */
export interface ConsentStatusClaims {
  iss: string;
  jti: string;
  status: "active" | "withdrawn";
  /** When the consent was withdrawn (ISO), null while it is active. */
  withdrawnAt: string | null;
  iat: number;
}

/** A certificate id as the site makes them: 128 random bits, base64url. Anything else is no certificate of ours. */
const JTI = /^[A-Za-z0-9_-]{22}$/;

/** Whether the text has the shape of a certificate id. */
export function isCertificateId(text: string): boolean {
  return JTI.test(text);
}

/** The kept certificate with this id, or undefined (no lookup for text of another shape). */
export async function keptCertificate(db: Kysely<Database>, jti: string): Promise<KeptCertificate | undefined> {
  return isCertificateId(jti) ? findCertificate(db, jti) : undefined;
}

/** The status claims of a kept certificate. */
export function statusClaims(kept: KeptCertificate, iss: string, now: Date): ConsentStatusClaims {
  return { iss, jti: kept.jti, status: kept.withdrawnAt ? "withdrawn" : "active", withdrawnAt: kept.withdrawnAt ?? null, iat: Math.floor(now.getTime() / 1000) };
}

/** The status signed with the key. */
export function signStatus(claims: ConsentStatusClaims, key: SigningKey): string {
  return signJws(claims, { typ: STATUS_TYPE, kid: key.kid, privateKey: key.privateKey });
}

/**
 * The key of a certificate's withdrawal link, which only the visitor is given (the jti alone is the buyers' capability
 * to read; withdrawing needs this too): HMAC-SHA256 of the jti under the installation's withdrawal key, 128 bits.
 */
export async function withdrawalKey(db: Kysely<Database>, jti: string): Promise<string> {
  const secret = await appSetting(db, "consent_withdrawal_key");
  return createHmac("sha256", secret).update(`withdraw ${jti}`).digest().subarray(0, 16).toString("base64url");
}

/** Whether `given` is the withdrawal key of this certificate id (compared in constant time). */
export async function isWithdrawalKey(db: Kysely<Database>, jti: string, given: string): Promise<boolean> {
  if (!isCertificateId(jti)) return false;
  const expected = Buffer.from(await withdrawalKey(db, jti));
  const offered = Buffer.from(given);
  return offered.length === expected.length && timingSafeEqual(offered, expected);
}

/** The path of a certificate's withdrawal link (no personal data: the jti and its key). */
export async function withdrawalPath(db: Kysely<Database>, jti: string): Promise<string> {
  return `/consent/${jti}/withdraw/${await withdrawalKey(db, jti)}/`;
}
