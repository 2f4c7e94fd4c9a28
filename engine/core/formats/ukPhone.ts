import { parsePhoneNumberFromString } from "libphonenumber-js";

/** A UK phone number, written as a visitor would (spaces, +44, brackets). Parsed once: it is on every lead's path. */
export function isUkPhone(value: string): boolean {
  const parsed = parsePhoneNumberFromString(value, "GB");
  return parsed !== undefined && parsed.isValid() && parsed.country === "GB";
}
