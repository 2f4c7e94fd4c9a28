/** The site's own origin, against which posts are checked: configured, never read from a request's Host. */
import type { AddressInfo } from "node:net";
import type { Config } from "../config";

/**
 * PUBLIC_ORIGIN, or else the address the server listens on as a browser names it: `http://{HOST}:{port}`, the port
 * being the one bound (PORT=0 picks one at start) or PORT before the server listens (as when tests inject requests).
 */
export function siteOrigin({ publicOrigin, host, port }: Pick<Config, "publicOrigin" | "host" | "port">, listening: () => AddressInfo | string | null): () => string {
  if (publicOrigin) return () => publicOrigin;
  const name = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return () => {
    const address = listening();
    return new URL(`http://${name}:${typeof address === "object" && address ? address.port : port}`).origin;
  };
}
