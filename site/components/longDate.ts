const format = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A YYYY-MM-DD date as visitors read it: "7 October 2025". */
export function longDate(isoDate: string): string {
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}
