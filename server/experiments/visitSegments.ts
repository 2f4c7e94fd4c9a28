/**
 * The segments an exposure is counted in: the visitor's device class, from the User-Agent, and the traffic source it
 * arrived from. Both are coarse labels from a short, closed vocabulary or a cleaned host or campaign name: nothing
 * that says who a visitor is.
 */

/** How a visit looked at the page. */
export type DeviceClass = "phone" | "tablet" | "desktop";

// A hand rule rather than a User-Agent library: three classes need only the markers browsers have sent for years.
// Tablets first: Android tablets omit "Mobile", iPads say "iPad" (iPadOS 13+ in desktop mode says "Macintosh" and
// counts as a desktop, as it asks to be treated).
const TABLET = /\b(iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10))\b|Android(?!.*\bMobile\b)/i;
const PHONE = /\b(Mobi|Mobile|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile)\b|Android.*\bMobile\b/i;

/** The device class of a User-Agent; one with no sign of a phone or a tablet (or none at all) is a desktop. */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  if (!userAgent) return "desktop";
  if (TABLET.test(userAgent)) return "tablet";
  if (PHONE.test(userAgent)) return "phone";
  return "desktop";
}

/** The longest source name kept. */
const MAX_SOURCE = 40;

/** What a request says about where a visit came from. */
export interface ArrivalHints {
  /** The utm_source the quote page was asked for with. */
  utmSource?: unknown;
  /** The Referer header. */
  referer?: string | undefined;
  /** The site's own host names (PUBLIC_ORIGIN's, the request's Host): a referrer there is no source. */
  ownHosts: readonly string[];
}

/**
 * The traffic source of a visit: its utm_source, else the referrer's host, else "direct"; lower case, trimmed,
 * letters, digits, ".", "-" and "_" only, at most 40 characters. A value that looks like contact details (an "@",
 * a run of digits) is "other", so a mistagged campaign link cannot put personal data in the counts.
 */
export function trafficSource({ utmSource, referer, ownHosts }: ArrivalHints): string {
  const utm = typeof utmSource === "string" ? cleanSource(utmSource) : undefined;
  if (utm) return utm;
  const host = refererHost(referer);
  if (!host || ownHosts.includes(host)) return "direct";
  return cleanSource(host.replace(/^www\./, "")) ?? "direct";
}

/** A source name made safe, "other" for one that looks personal, or undefined for one with nothing left. */
export function cleanSource(raw: string): string | undefined {
  const trimmed = raw.trim().toLowerCase();
  if (trimmed === "") return undefined;
  if (trimmed.includes("@") || /\d{6,}/.test(trimmed.replace(/[\s()+-]/g, ""))) return "other";
  const safe = trimmed.replace(/[^a-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, MAX_SOURCE);
  return safe === "" ? undefined : safe;
}

function refererHost(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.protocol === "http:" || url.protocol === "https:" ? url.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** A request's Host header as a host name (no port), for ArrivalHints.ownHosts. */
export function hostName(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
