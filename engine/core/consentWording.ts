/** The consent wording beside the submit button, naming the partners the lead may go to. */
import { listOf } from "./successText";

/** The step's wording, then the partners by name; the lead records exactly this text. */
export function consentWording(text: string, partners: readonly string[]): string {
  return partners.length ? `${text} Your details may go to: ${listOf(partners)}.` : text;
}
