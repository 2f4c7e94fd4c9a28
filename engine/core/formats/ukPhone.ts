import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js";

/** How many recent spellings are remembered: a lead's phone is checked by its step, its lead and its contact key. */
const REMEMBERED = 256;
const recent = new Map<string, PhoneNumber | undefined>();

/** The number a visitor wrote as a UK number (spaces, +44, brackets), parsed once for all who ask about it. */
export function parseUkPhone(value: string): PhoneNumber | undefined {
  if (recent.has(value)) return recent.get(value);
  const parsed = parsePhoneNumberFromString(value, "GB");
  if (recent.size >= REMEMBERED) recent.delete(recent.keys().next().value!);
  recent.set(value, parsed);
  return parsed;
}

/** A UK phone number, written as a visitor would (spaces, +44, brackets). */
export function isUkPhone(value: string): boolean {
  const parsed = parseUkPhone(value);
  return parsed !== undefined && parsed.isValid() && parsed.country === "GB";
}
