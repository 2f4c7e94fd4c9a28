/** When a preview link ends, in words: "Works until Thursday 10 December at 14:23 (in 7 days)". */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** How long from now until then, in the largest whole unit: "7 days", "5 hours", "12 minutes", "less than a minute". */
export function spanInWords(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (ms >= 2 * DAY) return plural(Math.round(ms / DAY), "day");
  if (ms >= 2 * HOUR) return plural(Math.round(ms / HOUR), "hour");
  if (ms >= 60_000) return plural(Math.round(ms / 60_000), "minute");
  return "less than a minute";
}

/** A moment in the analyst's time zone: "Thursday 10 December at 14:23". */
export function whenInWords(iso: string): string {
  const at = new Date(iso);
  return `${at.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long" })} at ${at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}`;
}

/** The end of a link, in the analyst's time zone. */
export function endsInWords(expiresAt: string, now: Date): string {
  const ends = new Date(expiresAt);
  const when = whenInWords(expiresAt);
  const left = ends.getTime() - now.getTime();
  return left <= 0 ? `Ended ${when}` : `Works until ${when} (in ${spanInWords(left)})`;
}
