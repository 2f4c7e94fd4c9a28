/**
 * The flow studio's API (docs/analysts.md): reads a flow's files, checks drafts as `npm run forms:check` would, and
 * saves them into the forms folder. It writes files, so only the live preview serves it, and only on loopback: a
 * request must name a loopback host (a page of another site that made its name resolve to 127.0.0.1 names its own)
 * and a post must come from the studio's own origin.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import Fastify from "fastify";
import { createSchemaCheck } from "../../engine/node/validation";
import { BadBody } from "./studioBodies";
import { studioCheck } from "./studioCheck";
import { studioListing } from "./studioListing";
import { studioSave } from "./studioSave";
import type { StudioOptions } from "./studioOptions";

export type { StudioOptions } from "./studioOptions";

/** What the studio's routes share. */
/** Drafts of a few flow files; several megabytes is not the studio. */
const BODY_LIMIT = 1024 * 1024;

/** Host names that reach only this machine. */
export function isLoopback(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  return name === "localhost" || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}

/** The host name of a Host header (`127.0.0.1:3000` → `127.0.0.1`, `[::1]:3000` → `[::1]`). */
function hostName(header: string): string {
  return header.startsWith("[") ? header.slice(0, header.indexOf("]") + 1) : (header.split(":")[0] ?? "");
}

/** Refuses a request that names a host other than loopback, and a post from another origin. */
async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const host = request.headers.host ?? "";
  if (!isLoopback(hostName(host))) return reply.code(403).send({ message: "The flow studio answers only on loopback (localhost or 127.0.0.1)" });
  const origin = request.headers.origin;
  if (request.method !== "GET" && origin !== undefined && origin !== `http://${host}`) {
    return reply.code(403).send({ message: "The flow studio takes posts only from its own pages" });
  }
}

function studioErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof BadBody) return reply.code(400).send({ message: error.message });
  const known: Record<string, [number, string]> = {
    FST_ERR_CTP_INVALID_JSON_BODY: [400, "The request body is not valid JSON"],
    FST_ERR_CTP_EMPTY_JSON_BODY: [400, "The request body is empty: send JSON with files"],
    FST_ERR_CTP_BODY_TOO_LARGE: [413, `The request is larger than ${BODY_LIMIT / 1024} KB`],
    FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "The request body must be JSON, sent with content-type application/json"],
  };
  const [status, message] = (error.code ? known[error.code] : undefined) ?? (error instanceof SyntaxError ? [400, "The request body is not valid JSON"] : [error.statusCode ?? 500, ""]);
  if (status >= 400 && status < 500) return reply.code(status).send({ message: message || "The request was refused" });
  request.log.error({ err: error }, "the flow studio failed");
  return reply.code(500).send({ message: "The studio could not do that; the preview's log says why" });
}

/** The API's routes (under the prefix it is registered with, /studio/api). */
export async function studioApi(app: FastifyInstance, { formsDir, check, saved }: StudioOptions): Promise<void> {
  // The routes' own options, not the prefix this was registered with (the child plugins would add it again).
  const options: StudioOptions = { formsDir, check, ...(saved ? { saved } : {}) };
  app.addHook("onRequest", loopbackOnly);
  app.setErrorHandler(studioErrors);
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `No studio address ${request.method} ${request.url.split("?")[0]}` }));
  await app.register(studioListing, options);
  await app.register(studioCheck, options);
  await app.register(studioSave, options);
}

/** The API as an app of its own, for the live preview to hand /studio/api/ requests to; never part of `npm start`. */
export async function buildStudioApi({ formsDir, saved, logLevel = "warn" }: { formsDir: string; saved?: StudioOptions["saved"]; logLevel?: string }): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: logLevel }, bodyLimit: BODY_LIMIT });
  await app.register(studioApi, { prefix: "/studio/api", formsDir, check: createSchemaCheck(), ...(saved ? { saved } : {}) });
  await app.ready();
  return app;
}
