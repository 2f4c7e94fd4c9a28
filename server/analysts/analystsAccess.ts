/**
 * Who is asking for an analysts' page: an analyst signed in by the session cookie, or by HTTP Basic authentication
 * (for curl and scripts), or nobody. Name and password are checked the same way for the form and for Basic: the try
 * takes its place in the failure limits first, then waits its turn for a password check; a failure is logged with
 * the name and address, never the password. While Redis, which shares the limits, is away, no password is checked.
 */
import { createHmac, randomBytes } from "node:crypto";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../storage/schema";
import type { Analyst } from "./analyst";
import type { AnalystsDirectory } from "./analystsDirectory";
import { sessionAnalyst } from "./analystSession";
import { checkSlots, PASSWORD_CHECK_SLOTS } from "./passwordCheckSlots";
import { isStorableText } from "../../engine/core/formats/plainText";
import { decoyHash, verifyPassword } from "./passwords";
import type { SignInLimits } from "./signInLimits";

/**
 * Why a name and password were not taken: wrong; past the failure limit; every password check slot taken (try again
 * in a moment); or the limits unshared because Redis is away (a locked name must not get in through memory counts).
 */
export type Refusal = { refusal: "wrong" } | { refusal: "too many failures" | "too many at once" | "limits unshared"; retryAfterSeconds: number };

/** The outcome of a name and password. */
export type CredentialsCheck = { ok: true; analyst: Analyst } | ({ ok: false } & Refusal);

/** Who a request is. */
export type Access = { analyst: Analyst } | "anonymous" | { refused: Refusal } | "no analysts";

/** Checks names and passwords, and requests. */
export interface AnalystsAccess {
  check(request: FastifyRequest, name: string, password: string): Promise<CredentialsCheck>;
  /** The cookie's analyst, else Basic's, else anonymous; "no analysts" while the store has none. */
  of(request: FastifyRequest): Promise<Access>;
  directory: AnalystsDirectory;
}

/** Passwords recently found right, kept as keyed digests: a script sending Basic on every request costs one scrypt, not one each. */
const REMEMBERED = 64;
/** A check refused for want of a slot is worth trying again at once; Redis coming back takes longer. */
const BUSY_RETRY_SECONDS = 2;
const UNSHARED_RETRY_SECONDS = 60;

const WRONG = { ok: false, refusal: "wrong" } as const;
const BUSY = { ok: false, refusal: "too many at once", retryAfterSeconds: BUSY_RETRY_SECONDS } as const;
const UNSHARED = { ok: false, refusal: "limits unshared", retryAfterSeconds: UNSHARED_RETRY_SECONDS } as const;

/** What each refusal is logged as (with the name tried and the address). */
const LOGGED: Record<Refusal["refusal"], string> = {
  wrong: "analyst sign-in failed",
  "too many failures": "analyst sign-in refused: too many failures",
  "too many at once": "analyst sign-in refused: too many password checks at once",
  "limits unshared": "analyst sign-in refused: redis is unreachable",
};

/** Name and password from `Authorization: Basic …`, or undefined when the header is absent or another scheme. */
export function basicCredentials(request: FastifyRequest): { name: string; password: string } | undefined {
  const match = /^Basic[ ]+([A-Za-z0-9+/=_-]{1,1024})[ ]*$/i.exec(request.headers.authorization ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? { name: decoded, password: "" } : { name: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Access checked against `directory` and the sessions in `db`, limited by `limits`; refusals are logged on the request's logger. */
export function analystsAccess({ directory, limits, db, now }: { directory: AnalystsDirectory; limits: SignInLimits; db: Kysely<Database>; now: () => Date }): AnalystsAccess {
  const digestKey = randomBytes(32);
  const remembered = new Map<string, string>();
  // Tries under way, so identical ones sent together (same name, password and address) are one try with one check.
  const trying = new Map<string, Promise<CredentialsCheck>>();
  const slots = checkSlots(PASSWORD_CHECK_SLOTS);
  const digest = (name: string, password: string) => createHmac("sha256", digestKey).update(`${name}\0${password}`).digest("base64url");

  /** A password found right lately: no check is made, so no try is taken, but a name or address past the limit is still refused. */
  async function rememberedRight(request: FastifyRequest, analyst: Analyst): Promise<CredentialsCheck> {
    const spent = await limits.spent(request, analyst.name);
    if (spent.unshared) return UNSHARED;
    return spent.allowed ? { ok: true, analyst } : { ok: false, refusal: "too many failures", retryAfterSeconds: spent.retryAfterSeconds };
  }

  async function tryPassword(request: FastifyRequest, analyst: Analyst | undefined, name: string, password: string, key: string): Promise<CredentialsCheck> {
    const taken = await limits.take(request, name);
    if (taken.unshared) return UNSHARED;
    if (!taken.allowed) return { ok: false, refusal: "too many failures", retryAfterSeconds: taken.retryAfterSeconds };
    // A name that is not listed is checked against a decoy, as long as a wrong password takes: the time tells nothing.
    const right = await slots.run(async () => (await verifyPassword(password, analyst?.passwordHash ?? (await decoyHash()))) && analyst !== undefined);
    if (right === "busy" || right) await limits.giveBack(request, name);
    if (right === "busy") return BUSY;
    if (!right || !analyst) return WRONG;
    if (remembered.size >= REMEMBERED) remembered.clear();
    remembered.set(key, analyst.passwordHash);
    return { ok: true, analyst };
  }

  async function outcomeOf(request: FastifyRequest, name: string, password: string, address: string): Promise<CredentialsCheck> {
    // No name or password holds a NUL or half of a surrogate pair: scrypt's HMAC would take "right\0" for "right", and
    // the digests' separator would be ambiguous.
    if (!isStorableText(name) || !isStorableText(password)) return WRONG;
    const analyst = (await directory.current())?.get(name);
    const key = digest(name, password);
    if (analyst && remembered.get(key) === analyst.passwordHash) return rememberedRight(request, analyst);
    const tryKey = `${key} ${analyst?.passwordHash ?? ""} ${address}`;
    const outcome = trying.get(tryKey) ?? tryPassword(request, analyst, name, password, key).finally(() => trying.delete(tryKey));
    trying.set(tryKey, outcome);
    return outcome;
  }

  async function check(request: FastifyRequest, name: string, password: string): Promise<CredentialsCheck> {
    const address = normalizeIP(request.ip, 64);
    const checked = await outcomeOf(request, name, password, address);
    if (!checked.ok) request.log.warn({ analyst: name.slice(0, 64), address }, LOGGED[checked.refusal]);
    return checked;
  }

  return {
    check,
    directory,
    async of(request) {
      const analysts = await directory.current();
      if (!analysts) return "no analysts";
      const signedIn = await sessionAnalyst(request, db, analysts, now());
      if (signedIn) return { analyst: signedIn };
      const basic = basicCredentials(request);
      if (!basic) return "anonymous";
      const checked = await check(request, basic.name, basic.password);
      return checked.ok ? { analyst: checked.analyst } : { refused: checked };
    },
  };
}
