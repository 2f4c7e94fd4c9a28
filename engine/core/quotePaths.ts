/** Where quote pages live, for the site's routes and links and the server that serves and redirects to them. */

/** A quote page's path: /quote/ for the chooser, /quote/<flow path>/ for the rest. */
export function quotePath(flowPath: string): string {
  return `/quote/${flowPath ? `${flowPath}/` : ""}`;
}
