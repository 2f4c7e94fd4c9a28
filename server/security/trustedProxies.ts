/**
 * TRUST_PROXY: whose word the server takes for a client's address. Each proxy appends the address it was reached from
 * to X-Forwarded-For, so only the entries written by our own proxies can be believed, counted from the right; what
 * the client wrote itself (the leftmost entries) can be anything. The client is the nearest address that is not one
 * of our proxies (@fastify/proxy-addr walks the chain from the connection back).
 */
import { isIP } from "node:net";
import type { FastifyServerOptions } from "fastify";

/** Trust no proxy (the connection's address is the client's), the nearest `hops` proxies, or proxies at these addresses and ranges. */
export type TrustedProxies = "none" | { hops: number } | { addresses: string[] };

const FORMS = "a number of proxy hops (TRUST_PROXY=1: one load balancer) or a list of proxy addresses and CIDR ranges (TRUST_PROXY=10.0.0.0/8,192.0.2.10)";

/** TRUST_PROXY's value read: `off`, a hop count from 1 to 99, or addresses and CIDR ranges separated by commas; throws saying what is wrong. */
export function parseTrustedProxies(value: string): TrustedProxies {
  const text = value.trim();
  if (text === "off") return "none";
  if (text === "on") throw new Error(`TRUST_PROXY=on would take whatever address a client writes in X-Forwarded-For: name what to trust, ${FORMS}`);
  if (/^[1-9][0-9]?$/.test(text)) return { hops: Number(text) };
  const addresses = text.split(",").map((entry) => entry.trim());
  const wrong = addresses.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) throw new Error(`TRUST_PROXY: "${wrong}" is not a proxy address or CIDR range: TRUST_PROXY is off, or names what to trust, ${FORMS}`);
  return { addresses };
}

/** Fastify's trustProxy for the setting. Fastify takes no bare hop count (it trusts nothing then), so hops are a function of the hop. */
export function fastifyTrustProxy(trusted: TrustedProxies): FastifyServerOptions["trustProxy"] {
  if (trusted === "none") return false;
  if ("hops" in trusted) {
    const { hops } = trusted;
    return (_address: string, hop: number) => hop < hops;
  }
  return trusted.addresses;
}

/** `192.0.2.10`, `2001:db8::1`, `10.0.0.0/8` or `2001:db8::/32`. */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
