/**
 * Wall-clock time in Europe/London, where opening hours, delivery hours and daily caps are kept,
 * whatever the time zone of the machine the server runs on.
 */

/** A London calendar date and the minutes since its midnight. */
export interface LondonTime {
  /** YYYY-MM-DD in London. */
  date: string;
  /** 0 Monday … 6 Sunday. */
  weekday: number;
  /** Minutes since London midnight, 0–1439. */
  minutes: number;
}

const HOUR_MS = 3_600_000;

const formatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The wall clock's fields in London at an instant, from the UTC fields shifted by London's offset. */
function parts(instant: Date): Record<string, number> {
  const wall = new Date(instant.getTime() + offsetAt(instant));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The London date, weekday and minute of an instant. */
export function londonTime(instant: Date): LondonTime {
  const p = parts(instant);
  const date = `${p.year}-${pad(p.month!)}-${pad(p.day!)}`;
  return { date, weekday: weekdayOf(date), minutes: p.hour! * 60 + p.minute! };
}

/** The London calendar date (YYYY-MM-DD) of an instant: the day a daily cap counts in. */
export function londonDate(instant: Date): string {
  return londonTime(instant).date;
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** 0 Monday … 6 Sunday for a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return (new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() + 6) % 7;
}

/**
 * The instant when London's clocks show `minutes` past midnight on `date`. In the spring-forward gap
 * (01:00–02:00 that does not exist) it gives the instant an hour later, when the clocks do show it.
 */
export function londonInstant(date: string, minutes: number): Date {
  const [y, m, d] = date.split("-").map(Number);
  const asUtc = Date.UTC(y!, m! - 1, d!, 0, minutes);
  let guess = asUtc - offsetAt(new Date(asUtc));
  // The offset at the first guess may be the other side of a clock change; a second look settles it.
  guess = asUtc - offsetAt(new Date(guess));
  return new Date(guess);
}

/** London's offset by UTC hour: the clocks change on the hour (01:00 UTC), so one look per hour is enough. */
const offsetsByHour = new Map<number, number>();

/** London's offset from UTC at an instant, in milliseconds (0 in winter, one hour in summer). */
function offsetAt(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    offset = measuredOffset(new Date(hour * HOUR_MS));
    if (offsetsByHour.size >= 10_000) offsetsByHour.clear();
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

/** The offset as Intl reports it (slow: kept by hour above). */
function measuredOffset(instant: Date): number {
  const p: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== "literal") p[part.type] = Number(part.value);
  }
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - instant.getTime();
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
