/**
 * Who is asking for an analysts' page: an analyst signed in by the session cookie, or by HTTP Basic authentication
 * (for curl and scripts), or nobody. Name and password are checked the same way for the form and for Basic: the
 * failure limits first, then the hash; a failure is counted and logged with the name and address, never the password.
 */
import { createHmac, randomBytes } from "node:crypto";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../storage/schema";
import type { Analyst, AnalystsDirectory } from "./analystsFile";
import { sessionAnalyst } from "./analystSession";
import { decoyHash, verifyPassword } from "./passwords";
import type { SignInLimits } from "./signInLimits";

/** The outcome of a name and password. */
export type CredentialsCheck = { ok: true; analyst: Analyst } | { ok: false; retryAfterSeconds?: number };

/** Who a request is. */
export type Access = { analyst: Analyst } | "anonymous" | { refused: CredentialsCheck & { ok: false } } | "no analysts";

/** Checks names and passwords, and requests. */
export interface AnalystsAccess {
  check(request: FastifyRequest, name: string, password: string): Promise<CredentialsCheck>;
  /** The cookie's analyst, else Basic's, else anonymous; "no analysts" while there is no analysts file. */
  of(request: FastifyRequest): Promise<Access>;
  directory: AnalystsDirectory;
}

/** Passwords recently found right, kept as keyed digests: a script sending Basic on every request costs one scrypt, not one each. */
const REMEMBERED = 64;

/** Name and password from `Authorization: Basic …`, or undefined when the header is absent or another scheme. */
export function basicCredentials(request: FastifyRequest): { name: string; password: string } | undefined {
  const match = /^Basic[ ]+([A-Za-z0-9+/=_-]{1,1024})[ ]*$/i.exec(request.headers.authorization ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? { name: decoded, password: "" } : { name: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Access checked against `directory` and the sessions in `db`, limited by `limits`; failures are logged on the request's logger. */
export function analystsAccess({ directory, limits, db, now }: { directory: AnalystsDirectory; limits: SignInLimits; db: Kysely<Database>; now: () => Date }): AnalystsAccess {
  const digestKey = randomBytes(32);
  const remembered = new Map<string, string>();
  // Checks under way, so a burst of requests with the same credentials waits for one scrypt rather than starting one each.
  const checking = new Map<string, Promise<boolean>>();
  const digest = (name: string, password: string) => createHmac("sha256", digestKey).update(`${name}\0${password}`).digest("base64url");

  async function passwordIsRight(analyst: Analyst | undefined, name: string, password: string): Promise<boolean> {
    if (!analyst) {
      // As long as a wrong password takes: the answer's time does not tell which names are listed.
      await verifyPassword(password, await decoyHash());
      return false;
    }
    const key = digest(name, password);
    if (remembered.get(key) === analyst.passwordHash) return true;
    const check = `${key} ${analyst.passwordHash}`;
    let pending = checking.get(check);
    if (!pending) checking.set(check, (pending = verifyPassword(password, analyst.passwordHash).finally(() => checking.delete(check))));
    if (!(await pending)) return false;
    if (remembered.size >= REMEMBERED) remembered.clear();
    remembered.set(key, analyst.passwordHash);
    return true;
  }

  async function check(request: FastifyRequest, name: string, password: string): Promise<CredentialsCheck> {
    const who = { analyst: name.slice(0, 64), address: normalizeIP(request.ip, 64) };
    const allowed = await limits.mayTry(request, name);
    if (!allowed.allowed) {
      request.log.warn(who, "analyst sign-in refused: too many failures");
      return { ok: false, retryAfterSeconds: allowed.retryAfterSeconds };
    }
    const analyst = (await directory.current())?.get(name);
    if (await passwordIsRight(analyst, name, password)) return { ok: true, analyst: analyst! };
    await limits.failed(request, name);
    request.log.warn(who, "analyst sign-in failed");
    return { ok: false };
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
