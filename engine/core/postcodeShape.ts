/**
 * The shape of a UK postcode (`SW1A 1AA`, `M1 1AE`, `SW1A1AA`), loose enough to catch one in any text: what is masked
 * in a buyer's answer before it reaches a log, and what a kept request id may never hold. Checking that a postcode is
 * real is the `postcode` package's job; this only finds text shaped like one.
 */
const SHAPE = String.raw`[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}`;

/** Matches a postcode anywhere in a text, spaced or not. */
export const POSTCODE_SHAPE = new RegExp(SHAPE, "i");

/** Matches every postcode standing as its own word in a text, for replacing. */
export const POSTCODE_WORDS = new RegExp(String.raw`\b${SHAPE}\b`, "gi");
