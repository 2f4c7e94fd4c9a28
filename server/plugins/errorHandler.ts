/**
 * One error handler for every route: bad input is a 4xx in the LeadResponse shape (`code` "3" with
 * field errors, or "4" with a message), a genuine fault a 500 with a generic message, logged.
 */
import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { LeadResponse } from "../../schemas/generated/lead";
import { envelopeErrors } from "../envelopeErrors";
import { NestedTooDeepError } from "./jsonBodies";
import { RATE_LIMITED } from "./rateLimits";

/** The status and body to answer an error with. */
export interface ErrorReply {
  statusCode: number;
  body: LeadResponse;
}

const clientErrors: Record<string, ErrorReply> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, body: { code: "4", message: "The request body is not valid JSON" } },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, body: { code: "4", message: "The request body is empty" } },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, body: { code: "4", message: "The request is too large" } },
  [RATE_LIMITED]: { statusCode: 429, body: { code: "4", message: "Too many requests. Please wait a minute and try again." } },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    body: { code: "4", message: "The request body must be JSON, sent with content-type application/json" },
  },
};

/** How to answer an error: undefined when it is a server fault, not the client's. */
function clientErrorReply(error: FastifyError): ErrorReply | undefined {
  if (error.validation) {
    return { statusCode: 400, body: { code: "3", errors: envelopeErrors(error.validation) } };
  }
  // With a message too, for routes whose answers carry only one (the newsletter's).
  if (error instanceof NestedTooDeepError) return { statusCode: 400, body: { code: "3", message: error.fieldError.message, errors: [error.fieldError] } };
  const known = error.code ? clientErrors[error.code] : undefined;
  if (known) return known;
  // secure-json-parse rejects __proto__ and constructor.prototype keys with a SyntaxError.
  if (error instanceof SyntaxError && error.statusCode === 400) return clientErrors.FST_ERR_CTP_INVALID_JSON_BODY;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own messages may quote the request, so answer with the status text only.
    return { statusCode: status, body: { code: "4", message: STATUS_CODES[status] ?? "The request was refused" } };
  }
  return undefined;
}

/** The answer to a server fault: a 500 with a generic message. */
export const serverFault: ErrorReply = {
  statusCode: 500,
  body: { code: "4", message: "Something went wrong on our side. Please try again in a moment." },
};

/** What the error handler tells others. */
export interface ErrorHandlerOptions {
  /** Hears each server fault (a 500), before it is answered. */
  onServerFault?: (error: unknown) => void;
}

async function errorHandler(fastify: FastifyInstance, { onServerFault }: ErrorHandlerOptions): Promise<void> {
  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    const client = clientErrorReply(error);
    if (client) {
      // The code is enough to follow up; an error message can quote the body, which may hold personal data.
      request.log.info({ code: error.code, statusCode: client.statusCode }, "request rejected");
      return reply.code(client.statusCode).send(client.body);
    }
    onServerFault?.(error);
    request.log.error({ err: error }, "request failed");
    return reply.code(serverFault.statusCode).send(serverFault.body);
  });
}

/** Sets the shared error handler on the root instance, so every route inherits it. */
export default fp(errorHandler, { name: "error-handler", fastify: "5.x" });
