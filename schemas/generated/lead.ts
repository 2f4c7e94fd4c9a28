/* Generated from schemas/lead.schema.json by `npm run schemas:types`. Do not edit. */

/**
 * This interface was referenced by `LeadSubmission`'s JSON-Schema
 * via the `definition` "trackingValue".
 */
export type TrackingValue = string;
/**
 * 0 none, 1 success, 2 duplicate, 3 fail with errors, 4 fail, 5-10 buyer-specific, 99 test mode, 100 fake campaign.
 *
 * This interface was referenced by `LeadSubmission`'s JSON-Schema
 * via the `definition` "responseCode".
 */
export type ResponseCode = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "99" | "100";

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
}
/**
 * Campaign keys grouped as utm, ads and user.
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
  };
  user?: {
    fcc?: TrackingValue;
    referrer?: TrackingValue;
    requestedVersion?: TrackingValue;
  };
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
 * The answer to POST /api/leads.
 *
 * This interface was referenced by `LeadSubmission`'s JSON-Schema
 * via the `definition` "leadResponse".
 */
export interface LeadResponse {
  code: ResponseCode;
  message?: string;
  leadId?: string;
  errors?: FieldError[];
  outOfHours?: boolean;
  buyers?: {
    name: string;
    phone?: string;
  }[];
}
