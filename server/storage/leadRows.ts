/** The rows a lead is stored as, the same on both stores: the lead's own, and one delivery row per buyer that took it. */
import { randomUUID } from "node:crypto";
import { contactColumns, type ContactColumns } from "../contacts/contactKeys";
import type { BuyerOffer, NewLead } from "./leadShapes";
import type { NewLeadRow } from "./schema";

/** A pending delivery of the lead to the buyer, first tried when the buyer's delivery hours next open. */
export function deliveryRow(leadId: string, offer: BuyerOffer, now: Date) {
  return {
    id: randomUUID(),
    lead_id: leadId,
    buyer_key: offer.buyerKey,
    buyer_id: offer.buyerId,
    buyer_name: offer.buyerName,
    idempotency_key: randomUUID(),
    status: "pending" as const,
    attempts: 0,
    next_attempt_at: offer.firstAttemptAt.toISOString(),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

/** The lead's contact columns: as intake normalised them, else from its answers. */
export function contactOf(lead: NewLead): ContactColumns {
  return lead.contact ?? contactColumns(lead.answers);
}

/** The lead as its row, with its own id or a new one. */
export function toRow(lead: NewLead): NewLeadRow & { id: string } {
  const { answers, contactConsent } = lead;
  const receivedAt = (lead.receivedAt ?? new Date()).toISOString();
  return {
    id: lead.id ?? randomUUID(),
    created_at: receivedAt,
    flow_id: lead.flowId,
    flow_version: lead.flowVersion,
    product_type: lead.productType,
    service_type: lead.serviceType,
    test_mode: lead.testMode ? 1 : 0,
    response_code: lead.responseCode,
    first_name: answers.firstName ?? null,
    last_name: answers.lastName ?? null,
    ...contactOf(lead),
    answers: JSON.stringify(answers),
    tracking: JSON.stringify(lead.tracking ?? {}),
    consent: JSON.stringify(lead.consent ?? {}),
    form_is_time_ooh: lead.outOfHours ? 1 : 0,
    consent_wording: contactConsent?.wording ?? null,
    privacy_notice_version: contactConsent?.privacyNoticeVersion ?? null,
    consented_buyers: contactConsent?.buyers ? JSON.stringify(contactConsent.buyers) : null,
    consented_at: contactConsent ? receivedAt : null,
    duplicate_of: lead.duplicateOf ?? null,
    routing_note: lead.routingNote ?? null,
    visit_id: lead.visitId ?? null,
    submission_key: lead.submissionKey ?? null,
    submission_digest: lead.submissionDigest ?? null,
    request_id: lead.requestId ?? null,
    consent_jti: lead.consentCertificate?.jti ?? null,
    consent_kid: lead.consentCertificate?.kid ?? null,
    consent_certificate: lead.consentCertificate?.token ?? null,
  };
}
