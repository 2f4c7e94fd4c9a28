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
  /** The replayed answers: firstName, lastName, phone, email, postcode and the service's own fields. */
  lead: Record<string, unknown>;
  /** The wording the visitor agreed to, and when; other buyers' names are not shared. */
  consent: { wording: string | null; privacyNoticeVersion: string | null; agreedAt: string | null };
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
    lead: JSON.parse(lead.answers) as Record<string, unknown>,
    consent: { wording: lead.consent_wording, privacyNoticeVersion: lead.privacy_notice_version, agreedAt: lead.consented_at },
  };
}

/** Whether the lead's consent names this buyer: the last check before anything leaves the building. */
export function leadNamesBuyer(lead: LeadRow, buyer: ConfiguredBuyer): boolean {
  const named = lead.consented_buyers ? (JSON.parse(lead.consented_buyers) as unknown) : [];
  return Array.isArray(named) && named.some((name) => typeof name === "string" && name.trim().toLowerCase() === buyer.name.trim().toLowerCase());
}
