/**
 * Where the studio runs, read once from the page's address: the live preview's /studio/ (its API reads and writes
 * the forms folder) or the live site's /analysts/studio/ (its API reads the published flows, keeps drafts on the
 * server and publishes). Every address the studio's pages make starts from here.
 */

/** Whether this is the studio on the live site, for signed-in analysts. */
export const LIVE = typeof window !== "undefined" && window.location.pathname.startsWith("/analysts/studio");

/** The studio's list of flows; a version's page is `${STUDIO_HOME}<flow>/v<N>`. */
export const STUDIO_HOME = LIVE ? "/analysts/studio/" : "/studio/";

/** The reading and checking API's flows. */
export const STUDIO_API = LIVE ? "/api/analysts/studio/flows" : "/studio/api/flows";

/** A version's page. */
export function versionPath(flow: string, version: number): string {
  return `${STUDIO_HOME}${flow}/v${version}`;
}
