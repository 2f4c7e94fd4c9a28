/**
 * Each request's id: the `X-Request-Id` a load balancer or client sent when it is a plain token, else a new random
 * one. It is every log line's `reqId`, is returned in the answer's `X-Request-Id`, and is stored with a lead, so the
 * delivery worker's lines about that lead carry it too.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

/** The header taken and returned. */
export const REQUEST_ID_HEADER = "x-request-id";

/** Letters, digits, `.`, `_` and `-`, up to 128 of them: a load balancer's id or a UUID, never text with spaces, `@` or `/`. */
const PLAIN_TOKEN = /^[A-Za-z0-9._-]{1,128}$/;

/** The id for a request arriving (Fastify's genReqId). */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && PLAIN_TOKEN.test(given) ? given : randomUUID();
}

/** Returns each request's id in its answer, 404s and errors included. */
export function returnRequestIds(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
