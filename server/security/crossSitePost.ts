/** Whether a form post came from another site's page: a plain HTML form needs no preflight, so any page can send one. */
import type { FastifyRequest } from "fastify";

/**
 * True when a browser says another site's page sent the request. Browsers send Sec-Fetch-Site, older ones at
 * least Origin; a request with neither is no browser's, so no visitor was tricked into it.
 */
export function postedFromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string") return site !== "same-origin" && site !== "none";
  const origin = request.headers.origin;
  if (typeof origin !== "string") return false;
  return origin !== `${request.protocol}://${request.host}`;
}
