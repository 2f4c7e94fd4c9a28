/** The shapes of a lead as intake hands it to the store, and of what the store answers (leadsStore.ts writes them). */
import type { Answers } from "../../engine/core/types";
import type { ContactConsent, LeadSubmission, ResponseCode, Tracking } from "../../schemas/generated/lead";
import type { ContactColumns } from "../contacts/contactKeys";

/** A lead as intake hands it over, after the flow replay. */
export interface NewLead {
  /** The lead's id when intake chose it already (a lead held through a store outage); a new one otherwise. */
  id?: string;
  flowId: string;
  flowVersion: number;
  productType: string;
  serviceType: string;
  testMode: boolean;
  responseCode: ResponseCode;
  /** The replayed answers, derived fields included. */
  answers: Answers;
  /** The answers' contact details, normalised, when intake has them already (they are taken from `answers` otherwise). */
  contact?: ContactColumns;
  tracking?: Tracking;
  consent?: LeadSubmission["consent"];
  /** What the visitor agreed to by submitting. */
  contactConsent?: ContactConsent;
  outOfHours?: boolean;
  /** When the lead arrived; now when not given. */
  receivedAt?: Date;
  duplicateOf?: string;
  /** Why no buyer gets the lead, for the operator. */
  routingNote?: string;
  /** The visit the lead came from (its cookie's random id), for the experiment report. */
  visitId?: string;
  /** The submission's key: a second lead with the same key is refused by the store (see leadBySubmissionKey). */
  submissionKey?: string;
  /** With a key: what the submission was (server/leads/submissionDigest.ts), to tell the key sent again from a reused one. */
  submissionDigest?: string;
  /** The id of the request that sent it, carried into the delivery worker's log lines. */
  requestId?: string;
  /** Its consent certificate (server/consent/certificate.ts): id, signing key and the JWS. */
  consentCertificate?: { jti: string; kid: string; token: string };
}

/** A buyer a lead is offered to: its daily cap, its delivery row, and the lead's code if it is the first to take it. */
export interface BuyerOffer {
  buyerKey: string;
  buyerId: string;
  buyerName: string;
  dailyCap: number;
  /** When its delivery may first be tried (its next delivery hours). */
  firstAttemptAt: Date;
  /** The lead's response code when this buyer is the first to take it. */
  responseCode: ResponseCode;
}

/** How to store a routed lead: whom to offer it to, in order, and what to record in each outcome. */
export interface RoutedLeadOptions {
  /** Offered first, one at a time: the first with room under its cap takes the lead alone. */
  exclusive: BuyerOffer[];
  /** Offered when no exclusive buyer took it: each with room takes it, up to maxGeneric. */
  generic: BuyerOffer[];
  maxGeneric: number;
  /** How long a contact stays claimed for its service (the duplicate window). */
  duplicateWindowMs: number;
  /** The London day the daily caps count in. */
  capDay: string;
  /** The code, and the note for the operator, when no buyer takes the lead. */
  noBuyer: Outcome;
  /** The code and note of a lead whose contact another lead still holds: stored, pointing at that lead. */
  duplicate: Outcome;
  /**
   * When given, a lead from someone who asked to be erased goes to no buyer and is recorded with this
   * (looked up inside the unit, beside the writes, so intake makes no read of its own).
   */
  erased?: Outcome;
}

/** What a stored lead records about how it ended. */
export interface Outcome {
  code: ResponseCode;
  note: string;
}

/** A routed lead as stored: with the buyers that took it, or as a duplicate of the lead holding its contact. */
export type RoutedLeadResult =
  | { leadId: string; code: ResponseCode; buyerKeys: string[]; duplicateOf?: undefined }
  | { leadId: string; code: ResponseCode; buyerKeys: []; duplicateOf: string };
