/**
 * The visit: a random id in one first-party cookie, signed by the server, kept 30 days. It exists for the
 * statistics that improve the service (which version of a quote form brings more leads), the Data (Use and
 * Access) Act 2025's exception for such cookies, so it is set without asking; a visitor who objects (analytics
 * cookies turned off in the cookie settings, or the browser's Global Privacy Control) gets no cookie, is served
 * the default version and is counted nowhere.
 */
import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { ANALYTICS_COOKIE } from "../../engine/core/siteCookies";

/** The cookie's name (listed in the privacy policy's cookie table). */
export const VISIT_COOKIE = "_sp_visit";

/** How long a visit keeps its versions. */
export const VISIT_DAYS = 30;

/** The visit id's shape: 128 random bits, base64url. */
const VISIT_ID = /^[A-Za-z0-9_-]{22}$/;

/** Whether the visitor has objected to being counted: analytics cookies turned off, or Global Privacy Control. */
export function objectsToCounting(request: FastifyRequest): boolean {
  return request.cookies[ANALYTICS_COOKIE] === "0" || request.headers["sec-gpc"] === "1";
}

/** The visit the server gave this browser, when its cookie is present, signed by us as a visit cookie and the visitor does not object. */
export function visitOf(request: FastifyRequest): string | undefined {
  if (objectsToCounting(request)) return undefined;
  const unsigned = request.signedCookie(VISIT_COOKIE);
  return unsigned?.valid && VISIT_ID.test(unsigned.value) ? unsigned.value : undefined;
}

/** A new visit id, set in the reply's cookie. */
export function startVisit(request: FastifyRequest, reply: FastifyReply): string {
  const visitId = randomBytes(16).toString("base64url");
  reply.setSignedCookie(VISIT_COOKIE, visitId, {
    path: "/",
    maxAge: VISIT_DAYS * 24 * 60 * 60,
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
  });
  return visitId;
}

/** Removes the visit cookie (the visitor objected after it was set). */
export function endVisit(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[VISIT_COOKIE] !== undefined) reply.clearCookie(VISIT_COOKIE, { path: "/" });
}

/** Whether a request is the browser fetching a page ahead of a click that may never come (prefetch and prerender hints). */
export function isPrefetch(request: FastifyRequest): boolean {
  const h = request.headers;
  const purpose = `${h["sec-purpose"] ?? ""} ${h["purpose"] ?? ""} ${h["x-purpose"] ?? ""} ${h["x-moz"] ?? ""}`.toLowerCase();
  return /prefetch|prerender|preview/.test(purpose);
}

/** Whether a request for a page is no visitor looking at it: a prefetch, or a known bot, crawler or headless browser. */
export function isUncountedFetch(request: FastifyRequest): boolean {
  return isPrefetch(request) || isbot(request.headers["user-agent"] ?? "");
}
