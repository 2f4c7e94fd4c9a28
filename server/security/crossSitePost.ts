/** Whether a post came from another site's page: a plain HTML form needs no preflight, so any page can send one. */
import type { FastifyRequest } from "fastify";

/**
 * True unless the browser names the site's own origin as the sender: in Origin, which every browser sends with a
 * post, or (when a page's policy holds Origin back) in Referer's origin. A request naming neither is refused: it is
 * no page of ours, whatever its Host says, since Host is the sender's to choose. A browser saying another site
 * sent it (Sec-Fetch-Site) is believed.
 */
export function postedFromAnotherSite(request: FastifyRequest, siteOrigin: string): boolean {
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string" && site !== "same-origin" && site !== "none") return true;
  const { origin, referer } = request.headers;
  if (typeof origin === "string") return !isSiteOrigin(origin, siteOrigin);
  return !(typeof referer === "string" && isSiteOrigin(refererOrigin(referer) ?? "", siteOrigin));
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether an origin a browser named is the site's. Only an origin as browsers write it counts: `scheme://host[:port]`,
 * exactly (no user, path, query, default port or capitals), so a name the URL parser would tidy into the site's (say
 * `http://x@127.0.0.1:3000`) is refused. A site on this machine's loopback (`npm start`) is the same whichever
 * loopback name the browser was given (localhost, 127.0.0.1, [::1]): only this machine can reach any of them.
 */
export function isSiteOrigin(named: string, siteOrigin: string): boolean {
  if (named === siteOrigin) return true;
  if (!URL.canParse(named)) return false;
  const a = new URL(named);
  if (a.origin !== named) return false;
  const b = new URL(siteOrigin);
  return LOOPBACK.has(a.hostname) && LOOPBACK.has(b.hostname) && a.protocol === b.protocol && a.port === b.port;
}

/** The origin of a Referer as browsers send it (an address with no user, starting with its own origin), or undefined. */
function refererOrigin(referer: string): string | undefined {
  if (!URL.canParse(referer)) return undefined;
  const { origin } = new URL(referer);
  return referer.startsWith(`${origin}/`) ? origin : undefined;
}
