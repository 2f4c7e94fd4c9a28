/**
 * `npm run consent -- rotate-key | retire-key KID | keys | verify FILE|- [--jwks URL|FILE] | withdraw JTI`: the consent
 * signing keys, checking a certificate, and withdrawing a consent. Rotating starts signing with a new key (running servers take it within a minute) and
 * keeps every old public key published; a key is retired only when no certificate it signed is kept.
 */
import { createPublicKey, type KeyObject } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Kysely } from "kysely";
import { CERTIFICATE_TYPE } from "../consent/certificate";
import { certificateLines, isConsentClaims } from "../consent/certificateWords";
import { verifyJws } from "../consent/jws";
import { rotateConsentKey, type PublicJwk } from "../consent/signingKeys";
import { withdrawConsent } from "../storage/consentWithdrawalStore";
import { allConsentKeys, certificatesSignedBy, publishedConsentKeys, retireConsentKey } from "../storage/consentStore";
import type { Database } from "../storage/schema";
import { option, required, UsageError } from "./cliArgs";

export { UsageError } from "./cliArgs";

export const USAGE = `Usage: npm run consent -- <command>
  rotate-key                sign consent certificates with a new key from now on (servers take it
                            within a minute); every old key stays published
  retire-key KID            stop publishing a key: refused while any certificate it signed is kept
  keys                      every key: created, retired, certificates kept, which one signs
  verify FILE|- [--jwks URL|FILE]
                            check a certificate (a JWS, or a delivery's JSON body) against the
                            published keys (the store's, or a JWKS at a URL or in a file) and
                            print its claims, or why it fails
  withdraw JTI              withdraw the consent of the lead holding this certificate (the visitor
                            asked by letter or phone); its buyers are sent a notice`;

/** Where a command writes, and what it may open: the store (opened only when needed) and the secret. */
export interface ConsentCliContext {
  store: () => Promise<Kysely<Database>>;
  secret: () => string;
  out: (text: string) => void;
  /** Standard input's text (for `verify -`). */
  stdin: () => Promise<string>;
  now: () => Date;
}

/** Runs one command; resolves with the exit code (0 done or valid, 1 usage, 2 refused, 3 the certificate fails). */
export async function runConsentCli(args: string[], context: ConsentCliContext): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case "rotate-key":
      return rotate(context);
    case "retire-key":
      return retire(context, required(rest[0], "retire-key needs the kid of the key to retire"));
    case "keys":
      return keys(context);
    case "withdraw":
      return withdraw(context, required(rest[0], "withdraw needs the certificate's jti"));
    case "verify":
      return verify(context, required(rest[0], "verify needs a file, or - for standard input"), option(rest, "--jwks"));
    default:
      throw new UsageError(command ? `Unknown command "${command}"` : "No command given");
  }
}

async function withdraw({ store, out, now }: ConsentCliContext, jti: string): Promise<number> {
  const outcome = await withdrawConsent(await store(), jti, now());
  if (outcome.withdrawn === "unknown") {
    out(`No kept lead has the certificate ${jti}\n`);
    return 2;
  }
  out(outcome.withdrawn === "now" ? `Consent ${jti} withdrawn; the buyers its lead reached are sent a notice.\n` : `Consent ${jti} was withdrawn already, at ${outcome.withdrawnAt}.\n`);
  return 0;
}

async function rotate({ store, secret, out, now }: ConsentCliContext): Promise<number> {
  const db = await store();
  const before = await publishedConsentKeys(db);
  const kid = await rotateConsentKey(db, secret(), now());
  out(`Consent certificates are signed with the new key ${kid} from now on (running servers take it within a minute).\n`);
  if (before.length > 0) out(`Still published, so the certificates they signed still verify: ${before.map((k) => k.kid).join(", ")}\n`);
  return 0;
}

async function retire({ store, out, now }: ConsentCliContext, kid: string): Promise<number> {
  const outcome = await retireConsentKey(await store(), kid, now());
  if (outcome.retired) {
    out(`Key ${kid} is no longer published; no kept certificate was signed with it.\n`);
    return 0;
  }
  const why = {
    unknown: `There is no key ${kid}.`,
    "already retired": `Key ${kid} is retired already.`,
    signing: `Key ${kid} signs certificates now: run rotate-key first.`,
    "in use": `Key ${kid} still signed ${outcome.certificates ?? 0} kept certificate(s): it stays published while they are kept.`,
  }[outcome.reason];
  out(`${why}\n`);
  return 2;
}

async function keys({ store, out }: ConsentCliContext): Promise<number> {
  const db = await store();
  const all = await allConsentKeys(db);
  const signing = (await publishedConsentKeys(db)).at(-1)?.kid;
  out(`${["kid".padEnd(43), "created (UTC)".padEnd(24), "retired (UTC)".padEnd(24), "certificates"].join("  ")}\n`);
  for (const key of all) {
    const count = await certificatesSignedBy(db, key.kid);
    out(`${[key.kid.padEnd(43), key.created_at.padEnd(24), (key.retired_at ?? "").padEnd(24), String(count)].join("  ")}${key.kid === signing ? "  (signs now)" : ""}\n`);
  }
  return 0;
}

async function verify(context: ConsentCliContext, file: string, jwks: string | undefined): Promise<number> {
  const text = file === "-" ? await context.stdin() : await readFile(file, "utf8").catch(() => Promise.reject(new UsageError(`Cannot read ${file}`)));
  const token = certificateIn(text);
  const published = jwks ? await keysFrom(jwks) : keyMap((await publishedConsentKeys(await context.store())).map((k) => JSON.parse(k.public_jwk) as PublicJwk));
  const check = verifyJws(token, published, CERTIFICATE_TYPE);
  if (!check.ok) {
    context.out(`The certificate does not verify: ${check.reason}.\n`);
    return 3;
  }
  if (!isConsentClaims(check.claims)) {
    context.out(`The signature is good (key ${check.header.kid}) but its claims are not a consent certificate's.\n`);
    return 3;
  }
  context.out(`The certificate verifies: signed by ${check.claims.iss} with key ${check.header.kid}.\n`);
  for (const [label, value] of certificateLines(check.claims)) context.out(`  ${`${label}:`.padEnd(36)}${value}\n`);
  return 0;
}

/** The JWS in the text: the text itself, or `consent.certificate` of a delivery's JSON body. */
function certificateIn(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return trimmed;
  try {
    const body = JSON.parse(trimmed) as { consent?: { certificate?: unknown } };
    if (typeof body.consent?.certificate === "string") return body.consent.certificate;
  } catch {
    // Not JSON: checked as it is, and fails saying so.
  }
  return trimmed;
}

async function keysFrom(source: string): Promise<ReadonlyMap<string, KeyObject>> {
  let text: string;
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source).catch((error: unknown) => Promise.reject(new UsageError(`Cannot fetch ${source}: ${String(error)}`)));
    if (!response.ok) throw new UsageError(`${source} answered ${response.status}`);
    text = await response.text();
  } else {
    text = await readFile(source, "utf8").catch(() => Promise.reject(new UsageError(`Cannot read ${source}`)));
  }
  let set: { keys?: unknown };
  try {
    set = JSON.parse(text) as { keys?: unknown };
  } catch {
    throw new UsageError(`${source} is not a JWK Set (JSON)`);
  }
  if (!Array.isArray(set.keys)) throw new UsageError(`${source} is not a JWK Set (no "keys")`);
  return keyMap(set.keys.filter((k): k is PublicJwk => typeof k === "object" && k !== null && (k as PublicJwk).kty === "OKP" && (k as PublicJwk).crv === "Ed25519" && typeof (k as PublicJwk).kid === "string"));
}

function keyMap(jwks: PublicJwk[]): ReadonlyMap<string, KeyObject> {
  return new Map(jwks.map((jwk) => [jwk.kid, createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: "jwk" })]));
}
