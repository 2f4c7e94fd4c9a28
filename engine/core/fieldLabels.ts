/** Field keys and their labels, light enough for the browser (the full library stays on the server and build). */
import { fieldLabels } from "../../schemas/generated/fieldLabels";
import type { FieldKey } from "./types";

/** Whether a string names a field of the library. */
export function isFieldKey(key: string): key is FieldKey {
  return Object.hasOwn(fieldLabels, key);
}

/** The label a visitor sees for a field ("Phone number", "Email"); the key itself for anything else. */
export function fieldLabel(key: string): string {
  return isFieldKey(key) ? fieldLabels[key] : key;
}

/** A field as the studio names it in its lists: its label and key, "Current supplier (currentSupplier)". */
export function fieldKeyWords(key: string): string {
  return `${fieldLabel(key)} (${key})`;
}
