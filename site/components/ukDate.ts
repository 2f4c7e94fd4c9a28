const isoInLondon = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });

/** A date as YYYY-MM-DD in UK time, the way offers and the footer's year count days. */
export function ukDate(date: Date): string {
  return isoInLondon.format(date);
}
