/**
 * JWS compact serialisation (RFC 7515) signed with EdDSA on Ed25519 (RFC 8037), with node:crypto alone: what a consent
 * certificate and a consent status are. Verifying takes the published keys by `kid`; a token names its key, and any
 * key not in the set, or any byte changed, fails.
 */
import { sign as edSign, verify as edVerify, type KeyObject } from "node:crypto";

/** The protected header of every token this site signs. */
export interface JwsHeader {
  alg: "EdDSA";
  typ: string;
  kid: string;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** The token `header.payload.signature` of these claims, signed with the private key. */
export function signJws(claims: object, { typ, kid, privateKey }: { typ: string; kid: string; privateKey: KeyObject }): string {
  const header: JwsHeader = { alg: "EdDSA", typ, kid };
  const input = `${encode(header)}.${encode(claims)}`;
  const signature = edSign(null, Buffer.from(input), privateKey);
  return `${input}.${signature.toString("base64url")}`;
}

/** What checking a token came to: its header and claims, or why it fails in words. */
export type JwsCheck = { ok: true; header: JwsHeader; claims: Record<string, unknown> } | { ok: false; reason: string };

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Checks the token against the public keys by kid, and that its typ is `typ`. */
export function verifyJws(token: string, keys: ReadonlyMap<string, KeyObject>, typ: string): JwsCheck {
  const parts = token.trim().split(".");
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return { ok: false, reason: "not a JWS in compact form (three base64url parts)" };
  const [head, body, signature] = parts as [string, string, string];
  const header = parseJson(head);
  if (!header || typeof header !== "object") return { ok: false, reason: "its header is not JSON" };
  const { alg, kid, typ: given } = header as Record<string, unknown>;
  if (alg !== "EdDSA") return { ok: false, reason: `its alg is ${JSON.stringify(alg)}, not "EdDSA"` };
  if (given !== typ) return { ok: false, reason: `its typ is ${JSON.stringify(given)}, not "${typ}"` };
  if (typeof kid !== "string") return { ok: false, reason: "its header names no kid" };
  const key = keys.get(kid);
  if (!key) return { ok: false, reason: `no published key has the kid "${kid}"` };
  if (!edVerify(null, Buffer.from(`${head}.${body}`), key, Buffer.from(signature, "base64url"))) return { ok: false, reason: `its signature does not match the key "${kid}"` };
  const claims = parseJson(body);
  if (!claims || typeof claims !== "object" || Array.isArray(claims)) return { ok: false, reason: "its claims are not a JSON object" };
  return { ok: true, header: { alg, typ, kid }, claims: claims as Record<string, unknown> };
}

function parseJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}
