import { describe, expect, it } from "vitest";
import { leadTrackingFields } from "../../server/delivery/buyerPayload";
import type { LeadRow } from "../../server/storage/schema";

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
