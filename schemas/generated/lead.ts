/* Generated from schemas/lead.schema.json by `npm run schemas:types`. Do not edit. */

/**
 * This interface was referenced by `LeadSubmission`'s JSON-Schema
 * via the `definition` "trackingValue".
 */
export type TrackingValue = string;
/**
 * 0 none (stored, no buyer takes it), 1 success, 2 duplicate, 3 fail with errors, 4 fail, 5 buyer energy, 6 buyer payments, 7 buyer home solar, 8 buyer energy out of hours, 9 buyer business solar, 10 buyer business waste, 99 test mode, 100 fake campaign.
 *
 * This interface was referenced by `LeadSubmission`'s JSON-Schema
 * via the `definition` "responseCode".
 */
export type ResponseCode = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "99" | "100";
/**
 * The response codes of a lead that is not in (3 fail with errors, 4 fail): the visitor stays to put it right or try again. Every other response code means the lead is in and the visitor goes on.
 *
 * This interface was referenced by `LeadSubmission`'s JSON-Schema
 * via the `definition` "failedResponseCode".
 */
export type FailedResponseCode = "3" | "4";

/**
 * The body of POST /api/leads. The envelope is checked here; each answer is checked by replaying the flow.
 */
export interface LeadSubmission {
  flowId: string;
  version: number;
  /**
   * Answers keyed by field; values are checked step by step on the path they choose.
   */
  answers: {};
  tracking?: Tracking;
  consent?: {
    analytics?: boolean;
    marketing?: boolean;
  };
  testMode?: boolean;
  /**
   * The hidden honeypot field's value (site/quote/Honeypot.tsx): people never see it and leave it empty.
   */
  honeypot?: string;
  /**
   * The signed start token the quote page got from GET /api/start-token: the server's own time the form began. Missing, forged or younger than the minimum fill time, the lead is taken for a bot's.
   */
  startToken?: string;
  contactConsent?: ContactConsent;
  answeredMsBefore?: StepAnswerTimes;
  /**
   * A random key the page makes once per quote and sends with every attempt to send its lead (a double tap, a retried request): the server stores one lead per key and answers a repeat of the same answers (flow, version and replayed answers as stored) with that lead's answer, and the key sent with other answers with 409, code 3 and a message.
   */
  submissionKey?: string;
}
/**
 * Campaign keys grouped as the spec reads them back: utm (source, medium, campaign, content), ads (gclid, msclkid, campaignid, adgroupid, creative, matchtype, keyword, fcc) and user (referrer, and the unknown ?v= a visit asked for).
 *
 * This interface was referenced by `LeadSubmission`'s JSON-Schema
 * via the `definition` "tracking".
 */
export interface Tracking {
  utm?: {
    utm_source?: TrackingValue;
    utm_medium?: TrackingValue;
    utm_campaign?: TrackingValue;
    utm_content?: TrackingValue;
  };
  ads?: {
    gclid?: TrackingValue;
    campaignid?: TrackingValue;
    adgroupid?: TrackingValue;
    creative?: TrackingValue;
    matchtype?: TrackingValue;
    keyword?: TrackingValue;
    msclkid?: TrackingValue;
    fcc?: TrackingValue;
  };
  user?: {
    referrer?: TrackingValue;
    requestedVersion?: TrackingValue;
  };
}
/**
 * What the visitor agreed to by submitting: the wording beside the submit button, the privacy notice it linked to, and the partners (buyers, by name) it named. A lead is only ever delivered to a buyer named here.
 *
 * This interface was referenced by `LeadSubmission`'s JSON-Schema
 * via the `definition` "contactConsent".
 */
export interface ContactConsent {
  /**
   * The submit step's consentText, as shown.
   */
  wording: string;
  privacyNoticeVersion?: string;
  /**
   * The partners named beside the submit button (GET /api/partners lists them per service).
   *
   * @maxItems 30
   */
  buyers?: string[];
}
/**
 * How long before this request was sent each step of the quote was answered, in whole milliseconds, by step id, measured by the page's own monotonic clock (so the setting of the visitor's clock does not matter). The server turns each into a time by its own clock as the lead arrives, for the consent certificate's form.steps. A time in the future (below 0) or older than a start token lives is refused with 400; a set whose steps are off the answers' path, out of the path's order, or answered before the quote's start token was issued is left out of the certificate, never the lead refused (docs/design-notes.md).
 *
 * This interface was referenced by `LeadSubmission`'s JSON-Schema
 * via the `definition` "stepAnswerTimes".
 */
export interface StepAnswerTimes {
  [k: string]: number;
}
/**
 * This interface was referenced by `LeadSubmission`'s JSON-Schema
 * via the `definition` "fieldError".
 */
export interface FieldError {
  field: string;
  step?: string;
  message: string;
}
/**
 * This interface was referenced by `LeadSubmission`'s JSON-Schema
 * via the `definition` "leadBuyer".
 */
export interface LeadBuyer {
  name: string;
  phone: string;
}
/**
 * The answer to POST /api/leads.
 *
 * This interface was referenced by `LeadSubmission`'s JSON-Schema
 * via the `definition` "leadResponse".
 */
export interface LeadResponse {
  code: ResponseCode;
  /**
   * Why the lead is not in, when no field is to blame: with code 4, something on our side or a request refused; with code 3 (HTTP 409), a submission key that already took a lead with other answers.
   */
  message?: string;
  leadId?: string;
  errors?: FieldError[];
  /**
   * The lead arrived outside the site's opening hours (Europe/London; England and Wales bank holidays count as closed).
   */
  outOfHours?: boolean;
  /**
   * The partners who will contact the visitor, with the number the success page shows.
   */
  buyers?: LeadBuyer[];
  /**
   * Where the visitor can withdraw the consent this lead was given under, later (the success page links it): a path holding the certificate's id and its withdrawal key, nothing personal.
   */
  withdrawUrl?: string;
}
