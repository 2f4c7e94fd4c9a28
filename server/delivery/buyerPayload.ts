/** What a buyer receives for a lead: the lead's fields and the consent it was given under. */
import type { ConfiguredBuyer } from "../buyers/buyerDirectory";
import type { DeliveryRow, LeadRow } from "../storage/schema";

/** The JSON body of a delivery. */
export interface BuyerPayload {
  leadId: string;
  idempotencyKey: string;
  buyerId: string;
  buyer: string;
  createdAt: string;
  serviceType: string;
  productType: string;
  flow: { id: string; version: number };
  form_is_time_ooh: boolean;
  /** The spec's tracking fields: which form and version, how the address was given, and the campaign keys. */
  tracking: LeadTrackingFields;
  /** The replayed answers: firstName, lastName, phone, email, postcode and the service's own fields. */
  lead: Record<string, unknown>;
  /**
   * The wording the visitor agreed to, and when; other buyers' names are not shared. `certificate` is the signed consent
   * certificate (a JWS, checked against /.well-known/jwks.json; docs/buyers.md); null for a lead stored before them.
   */
  consent: { wording: string | null; privacyNoticeVersion: string | null; agreedAt: string | null; certificate: string | null };
}

/** The body sent to a buyer for one delivery row. */
export function buyerPayload(lead: LeadRow, delivery: DeliveryRow, buyer: ConfiguredBuyer): BuyerPayload {
  return {
    leadId: lead.id,
    idempotencyKey: delivery.idempotency_key,
    buyerId: buyer.id,
    buyer: buyer.name,
    createdAt: lead.created_at,
    serviceType: lead.service_type,
    productType: lead.product_type,
    flow: { id: lead.flow_id, version: lead.flow_version },
    form_is_time_ooh: lead.form_is_time_ooh === 1,
    tracking: leadTrackingFields(lead),
    lead: JSON.parse(lead.answers) as Record<string, unknown>,
    consent: { wording: lead.consent_wording, privacyNoticeVersion: lead.privacy_notice_version, agreedAt: lead.consented_at, certificate: lead.consent_certificate },
  };
}

/** The lead's tracking fields, flat as buyers' systems expect them. */
export interface LeadTrackingFields {
  form_campaign_id: string;
  form_sub_campaign_id: string;
  form_version: number;
  form_is_time_ooh: boolean;
  form_is_manual_address: boolean;
  lead_id: string;
  [campaignKey: string]: string | number | boolean;
}

/** The spec's tracking fields for a stored lead: the form's own, then the utm, ads and user keys it arrived with. */
export function leadTrackingFields(lead: LeadRow): LeadTrackingFields {
  const answers = JSON.parse(lead.answers) as { businessAddressManual?: unknown };
  const groups = (lead.tracking ? JSON.parse(lead.tracking) : {}) as Record<string, Record<string, unknown> | undefined>;
  const campaign = Object.fromEntries(
    ["utm", "ads", "user"].flatMap((group) => Object.entries(groups[group] ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string")),
  );
  return {
    ...campaign,
    form_campaign_id: lead.product_type,
    form_sub_campaign_id: lead.service_type,
    form_version: lead.flow_version,
    form_is_time_ooh: lead.form_is_time_ooh === 1,
    form_is_manual_address: answers.businessAddressManual === true,
    lead_id: lead.id,
  };
}

/** Whether the lead's consent names this buyer: the last check before anything leaves the building. */
export function leadNamesBuyer(lead: LeadRow, buyer: ConfiguredBuyer): boolean {
  const named = lead.consented_buyers ? (JSON.parse(lead.consented_buyers) as unknown) : [];
  return Array.isArray(named) && named.some((name) => typeof name === "string" && name.trim().toLowerCase() === buyer.name.trim().toLowerCase());
}

/**
 * The JSON body telling a buyer that a lead's consent was withdrawn (an erasure, or the visitor's own withdrawal):
 * the lead id, the certificate's jti and when, and nothing personal. Sent once per buyer the lead reached, signed and
 * retried like a lead's delivery, with the notice's own id as its idempotency key.
 */
export interface WithdrawalNotice {
  type: "consent.withdrawn";
  noticeId: string;
  leadId: string;
  buyerId: string;
  consent: { jti: string; status: "withdrawn"; withdrawnAt: string };
}

/** The notice for one notice row. */
export function withdrawalNotice(notice: { id: string; lead_id: string; jti: string; withdrawn_at: string }, buyer: ConfiguredBuyer): WithdrawalNotice {
  return { type: "consent.withdrawn", noticeId: notice.id, leadId: notice.lead_id, buyerId: buyer.id, consent: { jti: notice.jti, status: "withdrawn", withdrawnAt: notice.withdrawn_at } };
}
