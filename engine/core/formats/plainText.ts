/**
 * Text a person could have typed: no control characters but tab and line breaks (no NUL, which
 * PostgreSQL refuses, no escape codes), and no half of a surrogate pair.
 */
const UNTYPEABLE = "[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";

const anyUntypeable = new RegExp(UNTYPEABLE);

/** Whether a string holds nothing but typeable text (the `plain-text` format). */
export function isPlainText(value: string): boolean {
  return !anyUntypeable.test(value);
}

/** The string without its untypeable characters: for free text, where dropping them loses nothing a visitor meant. */
export function withoutUntypeable(value: string): string {
  return value.replace(new RegExp(UNTYPEABLE, "g"), "");
}
