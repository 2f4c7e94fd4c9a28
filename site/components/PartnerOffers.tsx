import { activeOffers } from "../content/offers";
import type { ServiceType } from "../content/types";
import { useToday } from "./useToday";

const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A service's partner offers that have not ended; nothing once they all have. */
export function PartnerOffers({ service }: { service: ServiceType }) {
  const offers = activeOffers(service, useToday());
  return offers.map((offer) => (
    <aside key={offer.id} className="offer" aria-labelledby={`offer-${offer.id}`} data-offer={offer.id} data-offer-ends={offer.expires}>
      <p className="offer__tag">Partner offer</p>
      <h2 id={`offer-${offer.id}`} className="offer__title">
        {offer.title}
      </h2>
      <p>{offer.text}</p>
      <p className="offer__terms">
        Ends {longDate.format(new Date(`${offer.expires}T00:00:00Z`))}. {offer.terms}
      </p>
    </aside>
  ));
}
