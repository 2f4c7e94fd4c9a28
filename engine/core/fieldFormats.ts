/** The custom string formats of the field library, shared by the browser's precompiled validators and the server. */
import { isValidPhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js";
import { isValid as isValidPostcode } from "postcode";

/** A UK phone number, written as a visitor would (spaces, +44, brackets). */
export function isUkPhone(value: string): boolean {
  if (!isValidPhoneNumber(value, "GB")) return false;
  return parsePhoneNumberFromString(value, "GB")?.country === "GB";
}

/** A full UK postcode, in any case and with or without the space. */
export function isUkPostcode(value: string): boolean {
  return isValidPostcode(value.trim());
}

/** Format name → check, registered with Ajv on the server and referenced by precompiled validators. */
export const formats: Record<string, (value: string) => boolean> = {
  "uk-phone": isUkPhone,
  "uk-postcode": isUkPostcode,
};
