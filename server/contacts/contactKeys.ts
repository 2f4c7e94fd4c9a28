/**
 * A person's contact details in one canonical spelling each (E.164 phone, lower-case e-mail,
 * upper-case spaced postcode), so "0113 496 0000" and "+441134960000" are the same person when
 * de-duplicating, honouring an erasure or erasing.
 */
import { createHmac } from "node:crypto";
import { toNormalised } from "postcode";
import { parseUkPhone } from "../../engine/core/formats/ukPhone";
import type { Answers } from "../../engine/core/types";

/** The contact columns of a lead. */
export interface ContactColumns {
  email: string | null;
  phone: string | null;
  postcode: string | null;
}

/** The lead's contact details, normalised; null where the lead has none. */
export function contactColumns(answers: Answers): ContactColumns {
  const postcode = answers.postcode ?? answers.businessAddress?.postcode;
  return {
    email: answers.email ? normaliseEmail(answers.email) : null,
    phone: answers.phone ? normalisePhone(answers.phone) : null,
    postcode: postcode ? (toNormalised(postcode) ?? postcode) : null,
  };
}

/** An e-mail address as stored and compared. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A UK phone number in E.164 ("+441134960000"); what was given, trimmed, when it is not one. */
export function normalisePhone(phone: string): string {
  return parseUkPhone(phone.trim())?.number ?? phone.trim();
}

/** The de-duplication keys of a lead: "phone:…" and "email:…", for those it has. */
export function contactClaimKeys(columns: ContactColumns): string[] {
  return [columns.phone ? `phone:${columns.phone}` : undefined, columns.email ? `email:${columns.email}` : undefined].filter(
    (key): key is string => key !== undefined,
  );
}

/** The keyed hash an erasure leaves behind for a normalised contact ("phone:…" or "email:…"). */
export function contactHash(key: string, contact: string): string {
  return createHmac("sha256", key).update(contact).digest("hex");
}
