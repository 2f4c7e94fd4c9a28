/**
 * A buyer's refusal in its own words, as an operator reads it in `deliveries --status rejected` and the worker's log:
 * the message a JSON answer carries (`message`, `error`, `reason`, `detail`, or the first of `errors`), or a plain
 * answer's text. A buyer may echo the lead back, so anything shaped like an e-mail address, a phone number or a
 * postcode is masked, and the words are cut at a length a table line can hold.
 */
import { POSTCODE_WORDS } from "../../engine/core/postcodeShape";

const MAX_WORDS = 160;
const MESSAGE_KEYS = ["message", "error", "reason", "detail", "description"] as const;

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g;
/** Five or more digits, however spaced or punctuated: phone numbers, and any long number a person could be found by. */
const LONG_NUMBER = /\+?\d(?:[\s().-]*\d){4,}/g;

/** The words of a buyer's answer, masked, or undefined when it said nothing readable. */
export function buyerWords(text: string): string | undefined {
  const said = messageOf(text);
  if (!said) return undefined;
  const masked = said
    .replace(EMAIL, "[e-mail]")
    .replace(POSTCODE_WORDS, "[postcode]")
    .replace(LONG_NUMBER, "[number]")
    .replace(/\s+/g, " ")
    .trim();
  if (!masked) return undefined;
  return masked.length > MAX_WORDS ? `${masked.slice(0, MAX_WORDS - 1).trimEnd()}…` : masked;
}

/** What a rejection's `last_error` says: the status, then the buyer's words when it gave any. */
export function rejectionText(prefix: string, text: string): string {
  const words = buyerWords(text);
  return words ? `${prefix}: ${words}` : prefix;
}

function messageOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(trimmed);
  } catch {
    // Markup (an error page from a proxy) says nothing an operator can use; plain text does.
    return trimmed.startsWith("<") ? undefined : trimmed.split(/\r?\n/, 1)[0];
  }
  return messageIn(body, 0);
}

function messageIn(value: unknown, depth: number): string | undefined {
  if (typeof value === "string") return value;
  if (depth > 2 || !value || typeof value !== "object") return undefined;
  if (Array.isArray(value)) return value.length ? messageIn(value[0], depth + 1) : undefined;
  const fields = value as Record<string, unknown>;
  for (const key of MESSAGE_KEYS) {
    const found = messageIn(fields[key], depth + 1);
    if (found) return found;
  }
  return Array.isArray(fields.errors) ? messageIn(fields.errors, depth + 1) : undefined;
}
