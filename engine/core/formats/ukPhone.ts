import { isValidPhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js";

/** A UK phone number, written as a visitor would (spaces, +44, brackets). */
export function isUkPhone(value: string): boolean {
  if (!isValidPhoneNumber(value, "GB")) return false;
  return parsePhoneNumberFromString(value, "GB")?.country === "GB";
}
