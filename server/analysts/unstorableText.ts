/**
 * Text the stores cannot keep alike is refused from every analysts' API, before any route reads it: a NUL character
 * (PostgreSQL's text refuses it, SQLite keeps it) or half of a surrogate pair (UTF-8 cannot encode it: it would be
 * kept as U+FFFD, or as an escape in a document), anywhere in a JSON body, in a value or a key, and a body whose bytes
 * are not UTF-8 (read as U+FFFD). Each is answered 400 naming the field, and nothing is stored.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { isStorableText } from "../../engine/core/formats/plainText";
import { privatePage } from "./analystsAnswers";

/** Where a body holds unstorable text: the field, and whether a key of it (rather than its value) holds it. */
export interface UnstorableText {
  field: string;
  inKey: boolean;
}

/** A key the path names after a dot; any other is quoted, as `files["v2.json"]`. */
const PLAIN_KEY = /^[A-Za-z0-9_-]+$/;

function pathTo(field: string, key: string): string {
  const named = PLAIN_KEY.test(key) ? key : `[${JSON.stringify(key)}]`;
  if (field === "body") return named.startsWith("[") ? `body${named}` : named;
  return named.startsWith("[") ? `${field}${named}` : `${field}.${named}`;
}

/** The first place, in the body's order, where it holds a NUL or half of a surrogate pair; undefined when none does. */
export function unstorableTextIn(body: unknown): UnstorableText | undefined {
  // The body is at most MAX_JSON_DEPTH deep (jsonBodies.ts); walked without recursion all the same.
  const pending: Array<{ value: unknown; field: string }> = [{ value: body, field: "body" }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, field } = next;
    if (typeof value === "string") {
      if (!isStorableText(value)) return { field, inKey: false };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    const entries = Object.entries(value);
    if (entries.some(([key]) => !isStorableText(key))) return { field, inKey: true };
    for (const [key, child] of entries.reverse()) pending.push({ value: child, field: pathTo(field, key) });
  }
  return undefined;
}

/** The refusal's words. */
export function unstorableTextMessage({ field, inKey }: UnstorableText): string {
  return inKey ? `${field} must not have a key holding a NUL character or half of a surrogate pair.` : `${field} must not hold a NUL character or half of a surrogate pair.`;
}

/** What a body that is not UTF-8 is answered with. */
export const NOT_UTF8 = "The request body is not UTF-8 text: send it as UTF-8.";

/** A preValidation hook for the analysts' routes: answers 400 when the body is not UTF-8 or holds unstorable text. */
export async function refuseUnstorableText(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (request.bodyNotUtf8) return privatePage(reply).code(400).send({ message: NOT_UTF8 });
  const found = unstorableTextIn(request.body);
  if (found) return privatePage(reply).code(400).send({ field: found.field, message: unstorableTextMessage(found) });
  return undefined;
}
