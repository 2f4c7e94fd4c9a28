/**
 * The quote session's cookie (`_sp_quote`): a random id, signed, HttpOnly, scoped to the quote pages. The answers it
 * names live in the database, never in the cookie or a URL.
 */
import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** The session cookie's name (listed in the privacy policy's cookie table as strictly necessary). */
export const QUOTE_SESSION_COOKIE = "_sp_quote";

/** A session's cookie: its id, none, or one we did not sign as a quote session cookie (changed by hand, or another cookie's value). */
export type SessionCookie = { id: string } | "none" | "changed";

const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

/** The session the request's cookie names. */
export function sessionOf(request: FastifyRequest): SessionCookie {
  const unsigned = request.signedCookie(QUOTE_SESSION_COOKIE);
  if (unsigned === undefined) return "none";
  return unsigned.valid && SESSION_ID.test(unsigned.value) ? { id: unsigned.value } : "changed";
}

/** Starts a new session: sets its cookie on the reply and returns its id. */
export function startSession(request: FastifyRequest, reply: FastifyReply): string {
  const id = randomBytes(16).toString("base64url");
  // A session cookie (gone when the browser closes); the server forgets the answers a day after their last change.
  reply.setSignedCookie(QUOTE_SESSION_COOKIE, id, { path: "/quote", httpOnly: true, sameSite: "lax", secure: request.protocol === "https" });
  return id;
}
