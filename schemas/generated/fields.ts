/* Generated from schemas/fields.schema.json by `npm run schemas:types`. Do not edit. */

/**
 * The spec's service types (SPEC §3), the one list every flow, buyer and page reads.
 *
 * This interface was referenced by `LeadFields`'s JSON-Schema
 * via the `definition` "serviceType".
 */
export type ServiceType =
  | "business-energy"
  | "business-water"
  | "business-broadband"
  | "take-card-payments"
  | "business-waste"
  | "business-solar"
  | "business-energy-generators"
  | "business-insurance"
  | "business-loans"
  | "home-energy"
  | "home-generators"
  | "home-solar"
  | "home-broadband"
  | "home-waste"
  | "home-water"
  | "home-insurance";
/**
 * Every key of the field library (kept equal to the property names above by a test).
 *
 * This interface was referenced by `LeadFields`'s JSON-Schema
 * via the `definition` "fieldKey".
 */
export type FieldKey =
  | "serviceType"
  | "utility"
  | "spendString"
  | "spend"
  | "hasHalfHourlyMeter"
  | "contractExpiry"
  | "contractMonthsLeft"
  | "currentSupplier"
  | "meterDetails"
  | "hasWaterMeter"
  | "generatorType"
  | "generatorCapacity"
  | "hasMcsCertificate"
  | "propertyType"
  | "propertyFloors"
  | "bedrooms"
  | "occupants"
  | "ownsProperty"
  | "roofType"
  | "roofDirection"
  | "concurrentUsers"
  | "currentlyUsesAService"
  | "numberOfSites"
  | "scheduleType"
  | "industry"
  | "companyType"
  | "employeeCount"
  | "coverTypes"
  | "makeOrTakeCardPayments"
  | "currentlyAcceptsCardPayments"
  | "desiredPaymentMethod"
  | "wasteTypes"
  | "binCount"
  | "wasteVolume"
  | "provider"
  | "businessAddress"
  | "businessAddressManual"
  | "street"
  | "townCity"
  | "postcode"
  | "businessName"
  | "customerName"
  | "firstName"
  | "lastName"
  | "phone"
  | "email"
  | "preferredContactTime"
  | "upsell";

/**
 * The field library: every quote-form field key, with its type, rule (format, pattern, bounds) and the label a visitor sees. Form steps name these keys; their schemas are assembled from here, so the browser and the server check one rule.
 */
export interface LeadFields {
  serviceType?: ServiceType;
  utility?: "electricity" | "gas" | "both";
  /**
   * The spend answer as the visitor chose it: a value of the spend band table (schemas/spendBands.json), which gives the number `spend`.
   */
  spendString?: string;
  /**
   * Derived from spendString by the spend band table (schemas/spendBands.json): -2 for dontKnow, -1 for an answer in no row.
   */
  spend?: number;
  hasHalfHourlyMeter?: "yes" | "no" | "notSure";
  contractExpiry?:
    "outOfContract" | "within3Months" | "within6Months" | "within12Months" | "over12Months" | "notSure";
  contractMonthsLeft?: number;
  currentSupplier?: string;
  meterDetails?: string;
  hasWaterMeter?: "yes" | "no" | "notSure";
  generatorType?: string;
  generatorCapacity?: string;
  hasMcsCertificate?: "yes" | "no" | "notSure";
  propertyType?: string;
  propertyFloors?: string;
  bedrooms?: string;
  occupants?: string;
  ownsProperty?: "owner" | "tenant";
  roofType?: string;
  roofDirection?: string;
  concurrentUsers?: string;
  currentlyUsesAService?: "yes" | "no";
  numberOfSites?: string;
  scheduleType?: string;
  industry?: string;
  companyType?: string;
  employeeCount?: string;
  /**
   * @minItems 1
   * @maxItems 20
   */
  coverTypes?: string[];
  makeOrTakeCardPayments?: "make" | "take";
  currentlyAcceptsCardPayments?: "yes" | "no";
  /**
   * @minItems 1
   * @maxItems 10
   */
  desiredPaymentMethod?: string[];
  /**
   * @minItems 1
   * @maxItems 20
   */
  wasteTypes?: string[];
  binCount?: string;
  wasteVolume?: string;
  provider?: string;
  businessAddress?: Address;
  businessAddressManual?: boolean;
  street?: string;
  townCity?: string;
  postcode?: string;
  businessName?: string;
  customerName?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  preferredContactTime?: "anytime" | "morning" | "afternoon" | "evening";
  /**
   * @maxItems 20
   */
  upsell?: ServiceType[];
}
/**
 * An address picked from the postcode lookup.
 *
 * This interface was referenced by `LeadFields`'s JSON-Schema
 * via the `definition` "address".
 */
export interface Address {
  id: string;
  /**
   * @minItems 1
   * @maxItems 4
   */
  lines: string[];
  townCity: string;
  postcode: string;
}
