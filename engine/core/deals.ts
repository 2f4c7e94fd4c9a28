/** Partner deals shown in a deals table: only those whose expiry date has not passed in UK time. */

export interface DatedDeal {
  /** The last day the offer is valid, YYYY-MM-DD. */
  expires: string;
}

/** Today's date in the UK (Europe/London), YYYY-MM-DD. */
export function ukToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The deals still on offer on `today` (an offer is valid through its expiry date). */
export function currentDeals<D extends DatedDeal>(deals: readonly D[], today: string): D[] {
  return deals.filter((deal) => deal.expires >= today);
}
