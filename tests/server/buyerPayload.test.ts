import { describe, expect, it } from "vitest";
import type { ConfiguredBuyer } from "../../server/buyers/buyerDirectory";
import { buyerPayload, leadTrackingFields } from "../../server/delivery/buyerPayload";
import type { DeliveryRow, LeadRow } from "../../server/storage/schema";

const lead = {
  id: "lead-1",
  product_type: "businessEnergy",
  service_type: "business-energy",
  flow_version: 2,
  form_is_time_ooh: 1,
  answers: JSON.stringify({ businessAddressManual: true, phone: "020 7946 0000" }),
  tracking: JSON.stringify({
    utm: { utm_source: "google", utm_campaign: "spring,autumn" },
    ads: { gclid: "abc123" },
    user: { fcc: "partner-7", referrer: "https://search.example/" },
  }),
} as unknown as LeadRow;

describe("the tracking fields a buyer receives", () => {
  it("name the form, version, out-of-hours and address flags and the lead, then the campaign keys", () => {
    expect(leadTrackingFields(lead)).toEqual({
      form_campaign_id: "businessEnergy",
      form_sub_campaign_id: "business-energy",
      form_version: 2,
      form_is_time_ooh: true,
      form_is_manual_address: true,
      lead_id: "lead-1",
      utm_source: "google",
      utm_campaign: "spring,autumn",
      gclid: "abc123",
      fcc: "partner-7",
      referrer: "https://search.example/",
    });
  });

  it("carry no answers about the visitor", () => {
    expect(JSON.stringify(leadTrackingFields(lead))).not.toContain("7946");
  });

  it("cannot be overridden by a campaign key named like a form field", () => {
    const spoofed = { ...lead, tracking: JSON.stringify({ user: { lead_id: "other" } }) } as LeadRow;
    expect(leadTrackingFields(spoofed).lead_id).toBe("lead-1");
  });
});

describe("the consent a buyer receives", () => {
  const consented = {
    ...lead,
    created_at: "2026-03-04T11:00:00.000Z",
    flow_id: "business-energy",
    consent_wording: "You agree that Day Energy may call you.",
    privacy_notice_version: "2026-02",
    consented_at: "2026-03-04T11:00:00.000Z",
    consent_certificate: "eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJsZWFkLTEifQ.c2ln",
  } as LeadRow;
  const delivery = { idempotency_key: "key-1" } as DeliveryRow;
  const buyer = { id: "buyer-1", name: "Day Energy" } as unknown as ConfiguredBuyer;

  it("carries the wording, the privacy notice version, the time and the signed certificate", () => {
    expect(buyerPayload(consented, delivery, buyer).consent).toEqual({
      wording: "You agree that Day Energy may call you.",
      privacyNoticeVersion: "2026-02",
      agreedAt: "2026-03-04T11:00:00.000Z",
      certificate: "eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJsZWFkLTEifQ.c2ln",
    });
  });

  it("says null for a lead stored before certificates", () => {
    expect(buyerPayload({ ...consented, consent_certificate: null }, delivery, buyer).consent.certificate).toBeNull();
  });
});
