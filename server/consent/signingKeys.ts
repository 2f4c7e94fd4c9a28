/**
 * The site's consent signing keys: Ed25519, named by their RFC 7638 thumbprint, shared by every instance through the
 * store. The private key is kept sealed with AES-256-GCM under a key drawn from the installation's consent keys secret
 * (CONSENT_KEYS_SECRET; the embedded default makes one of its own in its data folder). The newest key not retired signs;
 * every key not retired is published at /.well-known/jwks.json.
 */
import { createCipheriv, createDecipheriv, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, randomBytes, type KeyObject } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { allConsentKeys, insertConsentKey, publishedConsentKeys, type StoredConsentKey } from "../storage/consentStore";
import type { Database } from "../storage/schema";

/** A public key as a JWK (RFC 7517, RFC 8037). */
export interface PublicJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
  kid: string;
  alg: "EdDSA";
  use: "sig";
}

/** The file, in the data folder, holding the embedded default's own secret. */
export const SECRET_FILE = "consent-keys.secret";

/** The secret CONSENT_KEYS_SECRET gives, else the data folder's own (made, readable by its owner only, when missing). */
export function consentKeysSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = path.join(dataDir, SECRET_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return readFileSync(file, "utf8").trim();
}

const sealingKey = (secret: string) => Buffer.from(hkdfSync("sha256", secret, "switchplan consent keys", "aes-256-gcm", 32));

/** The private key sealed: `v1.iv.tag.ciphertext` (base64url), bound to its kid. */
export function sealPrivateKey(privateKey: KeyObject, kid: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(secret), iv);
  cipher.setAAD(Buffer.from(kid));
  const body = Buffer.concat([cipher.update(privateKey.export({ format: "der", type: "pkcs8" })), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** Opens a sealed private key; throws naming the kid when the secret is not the one it was sealed with. */
export function openPrivateKey(sealed: string, kid: string, secret: string): KeyObject {
  const [version, iv, tag, body] = sealed.split(".");
  try {
    if (version !== "v1" || !iv || !tag || !body) throw new Error("not a sealed key");
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(secret), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(kid));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const der = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
    return createPrivateKey({ key: der, format: "der", type: "pkcs8" });
  } catch (error) {
    throw new Error(`CONSENT_KEYS_SECRET: the consent signing key "${kid}" cannot be opened with this secret (every instance needs the secret it was made with)`, { cause: error });
  }
}

/** RFC 7638 thumbprint of an Ed25519 public key: the kid. */
export function jwkThumbprint(x: string): string {
  return createHash("sha256").update(JSON.stringify({ crv: "Ed25519", kty: "OKP", x })).digest("base64url");
}

/** A new key as the store keeps it. */
export function newConsentKey(secret: string, now: Date): Omit<StoredConsentKey, "retired_at"> {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const x = publicKey.export({ format: "jwk" }).x!;
  const kid = jwkThumbprint(x);
  const jwk: PublicJwk = { kty: "OKP", crv: "Ed25519", x, kid, alg: "EdDSA", use: "sig" };
  return { kid, public_jwk: JSON.stringify(jwk), private_key: sealPrivateKey(privateKey, kid, secret), created_at: now.toISOString() };
}

/**
 * Starts signing with a new key (the old ones stay published); returns its kid. The newest key signs, so a key is
 * made later than every key before it, by a millisecond if the clock says otherwise.
 */
export async function rotateConsentKey(db: Kysely<Database>, secret: string, now: Date): Promise<string> {
  const newest = (await allConsentKeys(db)).reduce((latest, k) => Math.max(latest, Date.parse(k.created_at)), 0);
  const key = newConsentKey(secret, new Date(Math.max(now.getTime(), newest + 1)));
  await insertConsentKey(db, key);
  return key.kid;
}

/** The key certificates are signed with now. */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

/** The published keys and the signing one, as one instance holds them. */
export interface ConsentKeys {
  /** The key to sign with. */
  signing(): SigningKey;
  /** The public keys by kid, for checking tokens. */
  publicKeys(): ReadonlyMap<string, KeyObject>;
  /** The JWK Set (RFC 7517) to publish. */
  jwks(): { keys: PublicJwk[] };
  /** Reads the keys from the store again (a key rotated or retired by another instance or the command line). */
  refresh(): Promise<void>;
}

/**
 * The store's keys. The newest key this instance's secret opens signs; when it opens none (the store's first start, or
 * an instance given another secret than the rest), it makes a key of its own and says so through `warn`, so no lead
 * goes without a certificate and every certificate still verifies against the published set.
 */
export async function loadConsentKeys(db: Kysely<Database>, secret: string, now: () => Date, warn?: (message: string) => void): Promise<ConsentKeys> {
  let published = await publishedConsentKeys(db);
  let state = keyState(published, secret);
  if (!state.signing) {
    if (published.length > 0) {
      warn?.(`CONSENT_KEYS_SECRET: this instance's secret opens none of the ${published.length} consent signing keys in the store, so it signs with a key of its own; give every instance the same secret`);
    }
    await rotateConsentKey(db, secret, now());
    published = await publishedConsentKeys(db);
    state = keyState(published, secret);
  }
  return {
    signing: () => state.signing!,
    publicKeys: () => state.publicKeys,
    jwks: () => ({ keys: state.jwks }),
    async refresh() {
      const keys = await publishedConsentKeys(db);
      if (keys.length === 0) return;
      const fresh = keyState(keys, secret, state.signing);
      // A key this instance cannot open, rotated in by another, is published but not signed with here.
      state = { ...fresh, signing: fresh.signing ?? state.signing };
    },
  };
}

function keyState(keys: StoredConsentKey[], secret: string, before?: SigningKey) {
  const jwks = keys.map((key) => JSON.parse(key.public_jwk) as PublicJwk);
  const publicKeys = new Map(jwks.map((jwk) => [jwk.kid, createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: "jwk" })]));
  return { signing: newestOpened(keys, secret, before), jwks, publicKeys };
}

/** The newest of the keys that `secret` opens (the one held already when it is that one), or undefined. */
function newestOpened(keys: StoredConsentKey[], secret: string, before?: SigningKey): SigningKey | undefined {
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i]!;
    if (before?.kid === key.kid) return before;
    try {
      return { kid: key.kid, privateKey: openPrivateKey(key.private_key, key.kid, secret) };
    } catch {
      // Sealed with another instance's secret: this one cannot sign with it.
    }
  }
  return undefined;
}
