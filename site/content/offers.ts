/** Partner offers shown on service pages. Each carries its last day; from the day after, it is not shown. */
import type { ServiceType } from "./types";

export interface PartnerOffer {
  id: string;
  service: ServiceType;
  title: string;
  text: string;
  terms: string;
  /** The last day of the offer, YYYY-MM-DD, in UK time. */
  expires: string;
}

export const partnerOffers: PartnerOffer[] = [
  {
    id: "business-energy-credit-50",
    service: "business-energy",
    title: "£50 energy credit when you switch",
    text: "Agree a new business electricity or gas contract through us and our energy partner adds a £50 credit to your new account.",
    terms: "One credit per business, paid once the new supply has started. Your quote sets out the full terms.",
    expires: "2027-03-31",
  },
];

/** The offers for a service still running on `today` (YYYY-MM-DD). */
export function activeOffers(service: ServiceType, today: string, offers: readonly PartnerOffer[] = partnerOffers): PartnerOffer[] {
  return offers.filter((offer) => offer.service === service && today <= offer.expires);
}
