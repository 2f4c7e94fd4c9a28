/**
 * Analysts' passwords, kept only as salted scrypt hashes (memory-hard, from Node's crypto). The stored string names
 * its parameters and salt, `scrypt$N=32768,r=8,p=1$<salt>$<hash>` (base64url), so the cost can be raised later and
 * older hashes still checked.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { isStorableText } from "../../engine/core/formats/plainText";

/** The fewest characters a password may have. */
export const MIN_PASSWORD_LENGTH = 12;

/** Today's cost: about 32 MiB and a few tens of milliseconds per check, off the event loop (libuv's pool). */
const COST = { N: 32_768, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Parameters a stored hash may name: beyond these a crafted file could make a check take the machine's memory. */
const MAX_N = 1_048_576;
const MAX_RP = 32;

const STORED = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{16,})$/;

/** Why a password cannot be used, or undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  // The sign-in takes no password holding them (analystsAccess.ts).
  if (!isStorableText(password)) return "The password must not hold a NUL character or half of a surrogate pair.";
  return [...password].length < MIN_PASSWORD_LENGTH ? `The password must have at least ${MIN_PASSWORD_LENGTH} characters.` : undefined;
}

function derive(password: string, salt: Buffer, keyLength: number, { N, r, p }: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(password.normalize("NFC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** The stored form of a password: a fresh salt, today's parameters and the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, COST);
  return `scrypt$N=${COST.N},r=${COST.r},p=${COST.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** Whether a stored string is one `hashPassword` could have made (with any allowed parameters). */
export function isStoredHash(stored: string): boolean {
  return parseStored(stored) !== undefined;
}

function parseStored(stored: string) {
  const match = STORED.exec(stored);
  if (!match) return undefined;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || r < 1 || r > MAX_RP || p < 1 || p > MAX_RP) return undefined;
  return { N, r, p, salt: Buffer.from(match[4]!, "base64url"), key: Buffer.from(match[5]!, "base64url") };
}

/** Whether `password` is the one `stored` was made from; the hashes are compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, parsed);
  return timingSafeEqual(key, parsed.key);
}

/** A hash no password matches, checked for a name that is not listed, so a wrong name takes as long as a wrong password. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  return (decoy ??= hashPassword(randomBytes(24).toString("base64url")));
}
