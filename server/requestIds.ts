/**
 * Each request's id: the `X-Request-Id` a load balancer or client sent when it is one that cannot carry a postcode or
 * a phone number (a UUID, or a short token of the balancer's), else a new random one. It is every log line's `reqId`, is returned in the answer's `X-Request-Id`, and is stored with a lead, so the
 * delivery worker's lines about that lead carry it too.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { POSTCODE_SHAPE } from "../engine/core/postcodeShape";

/** The header taken and returned. */
export const REQUEST_ID_HEADER = "x-request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Letters, digits, `.`, `_` and `-`, up to 32 of them: never text with spaces, `@` or `/`. */
const SHORT_TOKEN = /^[A-Za-z0-9._-]{1,32}$/;
/** A UK phone number has 10 or 11 digits: a token with 6 at most holds none, in one run or in groups. */
const MOST_DIGITS = 6;

/** Whether a given id may be kept: a UUID, or a short token with few digits and no postcode in it. */
export function isKeptRequestId(given: string): boolean {
  if (UUID.test(given)) return true;
  if (!SHORT_TOKEN.test(given)) return false;
  return given.replace(/\D/g, "").length <= MOST_DIGITS && !POSTCODE_SHAPE.test(given.replace(/[._-]/g, ""));
}

/** The id for a request arriving (Fastify's genReqId). */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && isKeptRequestId(given) ? given : randomUUID();
}

/** Returns each request's id in its answer, 404s and errors included. */
export function returnRequestIds(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
