/**
 * Text a person could have typed: no control characters but tab and line breaks (no NUL, which
 * PostgreSQL refuses, no escape codes), and no half of a surrogate pair.
 */
/** NUL, or half of a surrogate pair: what UTF-8 cannot encode and PostgreSQL's text cannot hold. */
const UNSTORABLE = "\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";
const UNTYPEABLE = `[\\u0001-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]|${UNSTORABLE}`;

const anyUntypeable = new RegExp(UNTYPEABLE);
const anyUnstorable = new RegExp(UNSTORABLE);

/** Whether a string holds nothing but typeable text (the `plain-text` format). */
export function isPlainText(value: string): boolean {
  return !anyUntypeable.test(value);
}

/** Whether every store keeps a string as it is: no NUL and no half of a surrogate pair. Looser than isPlainText. */
export function isStorableText(value: string): boolean {
  return !anyUnstorable.test(value);
}

/** The string without its untypeable characters: for free text, where dropping them loses nothing a visitor meant. */
export function withoutUntypeable(value: string): string {
  return value.replace(new RegExp(UNTYPEABLE, "g"), "");
}
