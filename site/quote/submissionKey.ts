/** The key a quote's lead is sent with (schemas/lead.schema.json `submissionKey`): random, one per quote on the page. */

/** A new random key: 16 bytes, base64url. */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
