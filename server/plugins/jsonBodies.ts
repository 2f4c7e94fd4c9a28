/**
 * JSON bodies for every route: Fastify's own parser (which refuses `__proto__` and `constructor.prototype` keys),
 * then a bound on nesting, checked without recursion before any route walks the body. A quote's answers nest a few
 * levels at most; a body nested thousands deep (the 64 kB limit lets one reach about 30,000) would overflow the
 * stack of whatever walks it next. The bytes are decoded as UTF-8; bytes that are not UTF-8 become U+FFFD, as
 * anywhere on the web, and the request says so (`bodyNotUtf8`) for the routes that refuse them (the analysts').
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { FieldError } from "../../engine/core/types";

declare module "fastify" {
  interface FastifyRequest {
    /** Whether the JSON body's bytes were not all UTF-8 (jsonBodies.ts): the body read has U+FFFD in their place. */
    bodyNotUtf8: boolean;
  }
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The body's text, and whether its bytes were UTF-8 (when not, each bad sequence is read as U+FFFD). */
function decoded(body: Buffer): { text: string; utf8: boolean } {
  try {
    return { text: strictUtf8.decode(body), utf8: true };
  } catch {
    return { text: body.toString("utf8"), utf8: false };
  }
}

/** The most levels of lists and objects a JSON body may have, the body itself counted. */
export const MAX_JSON_DEPTH = 16;

/** A body nested beyond MAX_JSON_DEPTH: answered 400, code "3", with the field it is under. */
export class NestedTooDeepError extends Error {
  readonly statusCode = 400;
  constructor(readonly fieldError: FieldError) {
    super(fieldError.message);
    this.name = "NestedTooDeepError";
  }
}

/** A top-level key that reads as a field's name, so the error can name it. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,59}$/;

/** The field under which a value is nested beyond the limit (`body` when none names it), or undefined. */
export function nestedTooDeep(body: unknown): string | undefined {
  const pending: Array<{ value: unknown; depth: number; field: string }> = [{ value: body, depth: 0, field: "body" }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth, field } = next;
    if (value === null || typeof value !== "object") continue;
    if (depth === MAX_JSON_DEPTH) return field;
    const top = depth === 0 && !Array.isArray(value);
    for (const [key, child] of Object.entries(value)) pending.push({ value: child, depth: depth + 1, field: top && FIELD_NAME.test(key) ? key : field });
  }
  return undefined;
}

async function jsonBodies(fastify: FastifyInstance): Promise<void> {
  const parse = fastify.getDefaultJsonParser("error", "error");
  fastify.removeContentTypeParser("application/json");
  fastify.decorateRequest("bodyNotUtf8", false);
  fastify.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const { text, utf8 } = decoded(body as Buffer);
    request.bodyNotUtf8 = !utf8;
    parse(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const field = nestedTooDeep(value);
      if (field === undefined) return done(null, value);
      done(new NestedTooDeepError({ field, message: `${field} is nested too deeply: lists and objects may go ${MAX_JSON_DEPTH} levels deep at most` }), undefined);
    });
  });
}

/** Sets the JSON parser on the root instance, so every route inherits it. */
export default fp(jsonBodies, { name: "json-bodies", fastify: "5.x" });
