/* Generated from schemas/buyers.schema.json by `npm run schemas:types`. Do not edit. */
import type { ServiceType } from "./fields";

/**
 * This interface was referenced by `BuyersFile`'s JSON-Schema
 * via the `definition` "commercialModel".
 */
export type CommercialModel = RevenueShare | CostPerLead;

/**
 * The partner buyers leads are routed and delivered to (server/config/buyers.json). Checked at start; a bad file stops the start with a message naming it.
 */
export interface BuyersFile {
  $schema?: string;
  /**
   * Who may edit this file and what in it is an example (phone numbers, endpoints).
   */
  notice: string;
  /**
   * How many generic buyers one lead may go to at most (the consent wording says "up to three").
   */
  maxGenericBuyers?: number;
  /**
   * @minItems 1
   */
  buyers: Buyer[];
}
/**
 * This interface was referenced by `BuyersFile`'s JSON-Schema
 * via the `definition` "buyer".
 */
export interface Buyer {
  /**
   * Unique for each buyer, used in delivery rows and logs (two buyers may share an id).
   */
  key: string;
  /**
   * The spec's buyer id, "2" to "27". Id 17 is shared by two buyers, told apart by service.
   */
  id:
    | "2"
    | "3"
    | "4"
    | "5"
    | "6"
    | "7"
    | "8"
    | "9"
    | "10"
    | "11"
    | "12"
    | "13"
    | "14"
    | "15"
    | "16"
    | "17"
    | "18"
    | "19"
    | "20"
    | "21"
    | "22"
    | "23"
    | "24"
    | "25"
    | "26"
    | "27";
  /**
   * The name visitors see in the consent wording and on the success page; unique.
   */
  name: string;
  /**
   * @minItems 1
   */
  services: ServiceType[];
  /**
   * exclusive: the lead goes to this buyer alone; generic: it may go to several generic buyers.
   */
  leadType: "exclusive" | "generic";
  model: CommercialModel;
  /**
   * The response code a lead routed to this buyer answers with: 5 energy, 6 payments, 7 home solar, 8 energy out of hours, 9 business solar, 10 business waste. Without it, 1.
   */
  successCode?: "5" | "6" | "7" | "8" | "9" | "10";
  /**
   * When, by the site's opening hours, this buyer takes new leads.
   */
  takesLeads?: "anyTime" | "inOpeningHours" | "outOfHours";
  /**
   * A JSONLogic condition on the lead's answers (e.g. a minimum spend band); the buyer takes only leads it holds for.
   */
  onlyWhen?: {};
  /**
   * Lower goes first among buyers of a service; equal priorities keep the file's order.
   */
  priority?: number;
  /**
   * How many leads a day (Europe/London) the buyer takes; 0 pauses it.
   */
  dailyCap: number;
  /**
   * The number the success page shows for this buyer.
   */
  phone: string;
  /**
   * The spec's partner phone key, for the buyers it names.
   */
  partnerKey?:
    | "Barclaycard"
    | "Bionic"
    | "EnergySwitchers"
    | "Tem"
    | "SaveEnergyUK"
    | "EnergyBrokersNI"
    | "GlowGreen"
    | "BusinessWaste";
  delivery: BuyerDelivery;
}
export interface RevenueShare {
  type: "rs";
}
export interface CostPerLead {
  type: "cp";
  /**
   * Pounds sterling per lead delivered.
   */
  price: number;
}
/**
 * This interface was referenced by `BuyersFile`'s JSON-Schema
 * via the `definition` "delivery".
 */
export interface BuyerDelivery {
  /**
   * The buyer's webhook: HTTPS (plain HTTP only to this machine, for tests).
   */
  url: string;
  /**
   * The environment variable holding the HMAC secret that signs each delivery.
   */
  secretEnv: string;
  /**
   * When the buyer accepts deliveries, e.g. "mon-fri 08:00-20:00; sat 09:00-13:00" or "always" (Europe/London; bank holidays closed unless a "bankhol" entry says otherwise).
   */
  hours: string;
}
