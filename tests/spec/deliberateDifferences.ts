/**
 * Where the site deliberately differs from shared/SPEC.md, each with its reason: the conformance suite checks that
 * nothing differs beyond these lists, and the project's docs repeat them.
 */

/** Spec field keys that are not answers a visitor gives, and where the site carries each instead. */
export const FIELD_KEYS_CARRIED_ELSEWHERE = {
  success: "the success step (a step kind), not an answer",
  productType: "the flow document; stored on each lead and sent to buyers as productType",
  personal: "the contact step's fields (businessName, customerName, phone, email)",
  mmob: "the mmob step kind, which passes answers to the partner marketplace",
  stickee: "the stickee step kind, the partner deals table",
  quoteFormType: "the flow id and version, stored on each lead and sent to buyers as flow",
  subCampaignId: "the service type, sent as form_sub_campaign_id",
  exclusiveId: "the id of the exclusive buyer, on the lead's delivery row",
  addressIds: "businessAddress.id, the picked address's id",
  manualAddress: "businessAddressManual with street, townCity and postcode",
} as const;

/** Field keys the site adds for questions the spec gives no key for (none replaces a spec key). */
export const ADDED_FIELD_KEYS = [
  "hasWaterMeter", "hasMcsCertificate", "bedrooms", "occupants", "ownsProperty", "roofType", "roofDirection", "companyType",
  "employeeCount", "coverTypes", "wasteTypes", "binCount", "wasteVolume",
] as const;
