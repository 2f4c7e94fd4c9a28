/**
 * The budget of step pages drawn for GET `?step=`, per client address and per quote session, in the rate limit's
 * store (shared through Redis when the instances share it) and window. A page is drawn on the server, so, like a
 * posted step, it is limited: the same budget as the plain posts, which a visitor without scripts never comes near
 * (each post is followed by one GET; a reload or Back adds one).
 */
import { createHash } from "node:crypto";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { plainPage } from "../plainPage";
import { QUOTE_SESSION_COOKIE } from "./plainQuote";

/** What a visitor over the budget reads: the API's own words for a 429. */
export const TOO_MANY_STEPS = "Too many requests. Please wait a minute and try again.";

/** Whether a step GET is within its budgets; when not, in how many seconds to try again. */
export type StepLimit = (request: FastifyRequest) => Promise<{ allowed: true } | { allowed: false; retryAfter: number }>;

/** The two budgets of step GETs, `max` each per window. */
export function stepGetLimits(fastify: FastifyInstance, max: number): StepLimit {
  // The rate-limit plugin passes only POSTs by default: these budgets count the GETs they are asked about.
  const counted = { max, allowList: () => false };
  const byAddress = fastify.createRateLimit({ ...counted, keyGenerator: (request) => `${normalizeIP(request.ip, 64)} step-get` });
  // The session's cookie as sent, hashed so the store never holds it; a forged one is not drawn, but is still counted.
  const bySession = fastify.createRateLimit({
    ...counted,
    keyGenerator: (request) => `session ${createHash("sha256").update(request.cookies[QUOTE_SESSION_COOKIE] ?? "").digest("base64url").slice(0, 22)} step-get`,
  });
  return async (request) => {
    const outcomes = [await byAddress(request)];
    if (request.cookies[QUOTE_SESSION_COOKIE] !== undefined) outcomes.push(await bySession(request));
    // "Allowed" is the plugin's word for a request it did not count (its allow list); a counted one is refused when over.
    for (const outcome of outcomes) if (!outcome.isAllowed && outcome.isExceeded) return { allowed: false, retryAfter: outcome.ttlInSeconds };
    return { allowed: true };
  };
}

/** The 429 page: plain HTML (the visitor is in a browser, without scripts), saying when to try again. */
export function sendTooMany(reply: FastifyReply, retryAfter: number): FastifyReply {
  return reply
    .code(429)
    .header("retry-after", String(retryAfter))
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(plainPage("Too many requests", `<h1>Too many requests</h1><p>${TOO_MANY_STEPS}</p>`));
}
