/* Generated from schemas/newsletter.schema.json by `npm run schemas:types`. Do not edit. */

/**
 * The body of POST /api/newsletter: the address to send the newsletter to and the wording the visitor agreed to.
 */
export interface NewsletterSignup {
  email: string;
  /**
   * The consent wording shown beside the sign-up button, stored with the time of signing up.
   */
  consentText: string;
  /**
   * The hidden honeypot field's value, when the form has one: people leave it empty.
   */
  honeypot?: string;
}
/**
 * The answer to POST /api/newsletter: 200 "You have subscribed successfully!" (also when already subscribed), 400 "Please enter a valid email address".
 *
 * This interface was referenced by `NewsletterSignup`'s JSON-Schema
 * via the `definition` "newsletterResponse".
 */
export interface NewsletterResponse {
  message: string;
}
