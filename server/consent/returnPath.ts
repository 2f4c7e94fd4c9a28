/**
 * Where a plain form post goes back to: a path on this site only, never another site (an open redirect would
 * let a link to us send visitors anywhere).
 */

import { isSiteOrigin } from "../security/crossSitePost";

/** Any origin will do: only the path of what it resolves is kept, and only when the text was a path to begin with. */
const BASE = "http://site.invalid";

/** A same-site path (with its query) from a form's `return` field, or undefined for anything else. */
export function returnPathFromField(value: unknown): string | undefined {
  // Control characters are exactly what this refuses.
  // eslint-disable-next-line no-control-regex
  if (typeof value !== "string" || !/^\/(?![/\\])/.test(value) || /[\u0000-\u001f\\]/.test(value)) return undefined;
  const url = URL.canParse(value, BASE) ? new URL(value, BASE) : undefined;
  return url?.origin === BASE ? samePath(url) : undefined;
}

/** The path (with its query) of a Referer on the site's `origin`, or undefined for another site or no Referer. */
export function returnPathFromReferer(referer: string | undefined, origin: string): string | undefined {
  const url = referer && URL.canParse(referer) ? new URL(referer) : undefined;
  return url && isSiteOrigin(url.origin, origin) ? samePath(url) : undefined;
}

/** The path and query, with leading slashes collapsed so "//elsewhere" cannot be read as another host. */
function samePath(url: URL): string {
  return `${url.pathname.replace(/^\/+/, "/")}${url.search}`;
}
