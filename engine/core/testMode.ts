/** The `tm` query parameter: it marks a test visit, read the same way by the page's script and by the server. */

/** What `?tm=` says of the visit: undefined without it, else on for any value but "0" or "false". */
export function testModeOf(tm: string | null | undefined): boolean | undefined {
  if (tm === null || tm === undefined) return undefined;
  return tm !== "0" && tm.toLowerCase() !== "false";
}
