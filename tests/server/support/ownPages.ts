/**
 * Requests as the site's own pages send them: a browser names the page's origin in Origin with every post (and every
 * other change: PUT, DELETE), so the server tests' changes carry it too, and the same-origin check stays as strict
 * in tests as in production.
 */
import type { FastifyInstance, InjectOptions } from "fastify";

/**
 * Makes `app.inject` add `Origin: {origin()}` to a change (any method but GET, HEAD, OPTIONS) that names neither
 * Origin nor Referer. A test that means to send neither sets `origin: undefined` (the header is then left out).
 */
export function postFromOwnPages(app: FastifyInstance, origin: () => string): void {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => ReturnType<FastifyInstance["inject"]>;
  app.inject = ((options: InjectOptions | string) => inject(typeof options === "string" ? options : withOrigin(options, origin))) as FastifyInstance["inject"];
}

function withOrigin(options: InjectOptions, origin: () => string): InjectOptions {
  if (["GET", "HEAD", "OPTIONS"].includes((options.method ?? "GET").toUpperCase())) return options;
  const headers: Record<string, unknown> = { ...options.headers };
  const named = Object.keys(headers).some((name) => /^(origin|referer)$/i.test(name));
  if (!named) headers.origin = origin();
  // Explicitly undefined: the test sends no such header.
  for (const [name, value] of Object.entries(headers)) if (value === undefined) delete headers[name];
  return { ...options, headers: headers as InjectOptions["headers"] };
}
