/**
 * Made on first use: a browser's first date format with a time zone loads that zone's rules, tens of milliseconds
 * on a phone, which a page that never shows a dated thing (a quote page) should not spend as it starts.
 */
let isoInLondon: Intl.DateTimeFormat | undefined;

/** A date as YYYY-MM-DD in UK time, the way offers and the footer's year count days. */
export function ukDate(date: Date): string {
  isoInLondon ??= new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });
  return isoInLondon.format(date);
}
