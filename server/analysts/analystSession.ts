/**
 * The analysts' session cookie (`_sp_analyst`): the random id of a session kept in the store
 * (storage/analystSessionsStore.ts), signed with the key of its own name (plugins/signedCookies.ts), HttpOnly,
 * SameSite=Strict, set twice with the same value: for the analysts' pages (/analysts) and for their APIs (/api/analysts),
 * and sent nowhere else. A session lasts 8 hours from its sign-in, whatever the browser keeps, and
 * ends at sign-out for every instance sharing the store. It holds a fingerprint of the analyst's password hash, so a
 * password changed by removing and adding the analyst again ends the sessions of the old one.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { deleteAnalystSession, findAnalystSession, recordAnalystSession } from "../storage/analystSessionsStore";
import type { Database } from "../storage/schema";
import type { Analyst } from "./analyst";

/** The cookie's name. */
export const ANALYST_SESSION_COOKIE = "_sp_analyst";

/** How long a sign-in lasts. */
export const SESSION_MS = 8 * 60 * 60 * 1000;

/** The paths the cookie is sent to: the analysts' pages, and their APIs. */
export const ANALYSTS_PATH = "/analysts";
export const ANALYSTS_API_PATH = "/api/analysts";
const COOKIE_PATHS = [ANALYSTS_PATH, ANALYSTS_API_PATH] as const;

/** A clock a little behind another instance's is no reason to refuse; a sign-in further ahead is none we recorded. */
const SKEW_MS = 60_000;

const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

/** A short fingerprint of the analyst's password hash (not of the password). */
function stampOf(analyst: Analyst): string {
  return createHash("sha256").update(analyst.passwordHash).digest("base64url").slice(0, 12);
}

function cookieOptions(request: FastifyRequest, path: string) {
  return { path, httpOnly: true, sameSite: "strict", secure: request.protocol === "https" } as const;
}

/** The session id the request's cookie carries, if we signed it as this cookie. */
function sessionIdOf(request: FastifyRequest): string | undefined {
  const unsigned = request.signedCookie(ANALYST_SESSION_COOKIE);
  return unsigned?.valid && SESSION_ID.test(unsigned.value) ? unsigned.value : undefined;
}

/** Signs `analyst` in: records a new session and sets its cookie on the reply. */
export async function startAnalystSession(request: FastifyRequest, reply: FastifyReply, db: Kysely<Database>, analyst: Analyst, now: Date): Promise<void> {
  const sessionId = randomBytes(16).toString("base64url");
  await recordAnalystSession(db, { session_id: sessionId, analyst: analyst.name, password_stamp: stampOf(analyst), started_at: now.toISOString() }, SESSION_MS);
  for (const path of COOKIE_PATHS) reply.setSignedCookie(ANALYST_SESSION_COOKIE, sessionId, { ...cookieOptions(request, path), maxAge: SESSION_MS / 1000 });
}

/** Signs out: the session is ended in the store and the cookie cleared. */
export async function endAnalystSession(request: FastifyRequest, reply: FastifyReply, db: Kysely<Database>): Promise<void> {
  const sessionId = sessionIdOf(request);
  if (sessionId) await deleteAnalystSession(db, sessionId);
  for (const path of COOKIE_PATHS) reply.clearCookie(ANALYST_SESSION_COOKIE, cookieOptions(request, path));
}

/**
 * The analyst the request's cookie signs in, or undefined: none, not signed by us as this cookie, a session ended or
 * older than 8 hours, or naming an analyst no longer listed (or listed since with another password).
 */
export async function sessionAnalyst(request: FastifyRequest, db: Kysely<Database>, analysts: ReadonlyMap<string, Analyst>, now: Date): Promise<Analyst | undefined> {
  const sessionId = sessionIdOf(request);
  const session = sessionId === undefined ? undefined : await findAnalystSession(db, sessionId);
  if (!session) return undefined;
  const age = now.getTime() - Date.parse(session.started_at);
  if (age >= SESSION_MS || age < -SKEW_MS) return undefined;
  const analyst = analysts.get(session.analyst);
  return analyst && stampOf(analyst) === session.password_stamp ? analyst : undefined;
}
