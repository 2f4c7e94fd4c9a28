/**
 * The analysts' session cookie (`_sp_analyst`): `<issued ms>.<password stamp>.<name>`, signed with the key of its own
 * name (plugins/signedCookies.ts), HttpOnly, SameSite=Strict, scoped to /analysts. It lasts 8 hours from the time
 * inside the signed value, whatever the browser keeps; the stamp ties it to the analyst's password hash, so a
 * password changed by removing and adding the analyst again ends the sessions of the old one.
 */
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Analyst } from "./analystsFile";

/** The cookie's name. */
export const ANALYST_SESSION_COOKIE = "_sp_analyst";

/** How long a sign-in lasts. */
export const SESSION_MS = 8 * 60 * 60 * 1000;

/** The path the cookie is sent to: the analysts' pages only. */
export const ANALYSTS_PATH = "/analysts";

/** A client's clock a little ahead of ours is no reason to refuse; a time further ahead is no time we wrote. */
const SKEW_MS = 60_000;

/** A short fingerprint of the analyst's password hash (not of the password). */
function stampOf(analyst: Analyst): string {
  return createHash("sha256").update(analyst.passwordHash).digest("base64url").slice(0, 12);
}

function cookieOptions(request: FastifyRequest) {
  return { path: ANALYSTS_PATH, httpOnly: true, sameSite: "strict", secure: request.protocol === "https" } as const;
}

/** Signs `analyst` in: sets the cookie on the reply. */
export function startAnalystSession(request: FastifyRequest, reply: FastifyReply, analyst: Analyst, now: Date): void {
  reply.setSignedCookie(ANALYST_SESSION_COOKIE, `${now.getTime()}.${stampOf(analyst)}.${analyst.name}`, { ...cookieOptions(request), maxAge: SESSION_MS / 1000 });
}

/** Signs out: the cookie is cleared. */
export function endAnalystSession(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(ANALYST_SESSION_COOKIE, cookieOptions(request));
}

/**
 * The analyst the request's cookie signs in, or undefined: none, not signed by us as this cookie, older than 8 hours,
 * or naming an analyst no longer listed (or listed since with another password).
 */
export function sessionAnalyst(request: FastifyRequest, analysts: ReadonlyMap<string, Analyst>, now: Date): Analyst | undefined {
  const unsigned = request.signedCookie(ANALYST_SESSION_COOKIE);
  if (!unsigned?.valid) return undefined;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{12})\.(.+)$/.exec(unsigned.value);
  if (!match) return undefined;
  const age = now.getTime() - Number(match[1]);
  if (age >= SESSION_MS || age < -SKEW_MS) return undefined;
  const analyst = analysts.get(match[3]!);
  return analyst && stampOf(analyst) === match[2] ? analyst : undefined;
}
