/**
 * The one place an analysts' API asks whether the signed-in analyst may do what it asks: `reader` reads results,
 * `editor` also keeps drafts and makes preview links, `publisher` also publishes and changes traffic. Until roles
 * are kept, every signed-in analyst may do everything.
 */
import type { FastifyRequest } from "fastify";

/** What an analyst may do, each role including the ones before it. */
export type AnalystRole = "reader" | "editor" | "publisher";

/** Whether the request's analyst holds `role` (the analysts' gate has let them in). */
export function needsRole(request: FastifyRequest, _role: AnalystRole): boolean {
  return request.analyst !== null;
}
