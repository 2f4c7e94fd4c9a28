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
  if (typeof origin === "string") return origin !== siteOrigin;
  return !(typeof referer === "string" && URL.canParse(referer) && new URL(referer).origin === siteOrigin);
}
