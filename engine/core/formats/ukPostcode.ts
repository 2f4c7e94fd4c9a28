import { isValid } from "postcode";

/** A full UK postcode, in any case and with or without the space. */
export function isUkPostcode(value: string): boolean {
  return isValid(value.trim());
}
