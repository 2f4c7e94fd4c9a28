/**
 * The flow studio on the live site, behind the analysts' gate (analystsRoutes.ts): its pages under /analysts/studio/
 * (one HTML shell, the production build's, with its scripts and styles beside it, so nothing of the studio is served
 * to anyone not signed in), and its reading API under /api/analysts/studio/: the published flows' listing, one flow's
 * published files with their findings, a check of drafts against the published state, and who is signed in. Any
 * analyst may read; drafts, publishing and traffic have their own APIs and roles.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import { privatePage } from "../analysts/analystsAnswers";
import { needsRole } from "../analysts/needsRole";
import type { PublishedFlowCatalog } from "../publishing/publishedCatalog";
import type { SchemaCheck } from "../../engine/core/types";
import { BadBody, readCheckBody } from "../studio/studioBodies";
import { checkAnswer, flowFilesAnswer, listingAnswer } from "../studio/studioAnswers";

/** What the live studio needs. */
export interface LiveStudioRoutesOptions {
  catalog: PublishedFlowCatalog;
  check: SchemaCheck;
  /** The studio's production build (dist/studio): studio/index.html and assets/. */
  studioDir: string;
  /** A flow made in the studio (its v1 may not be published yet): whether it is listed; undefined for any other flow. */
  madeInStudio: (flow: string) => Promise<{ listed: boolean } | undefined>;
}

/** The studio's pages. */
export const LIVE_STUDIO = "/analysts/studio/";
const API = "/api/analysts/studio";

const TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".woff2": "font/woff2", ".json": "application/json" };

function noFlow(reply: FastifyReply, flow: string): FastifyReply {
  return privatePage(reply).code(404).send({ message: `There is no flow "${flow}".` });
}

export default async function liveStudioRoutes(fastify: FastifyInstance, { catalog, check, studioDir, madeInStudio }: LiveStudioRoutesOptions): Promise<void> {
  fastify.addHook("preHandler", needsRole("reader"));
  const shell = path.join(studioDir, "studio", "index.html");
  const page = async (_request: unknown, reply: FastifyReply) => {
    const html = await readFile(shell, "utf8").catch(() => undefined);
    if (html === undefined) return privatePage(reply).code(404).type("text/plain; charset=utf-8").send("The flow studio is not built: run npm run build, then start the server again.");
    return privatePage(reply).type("text/html; charset=utf-8").send(html);
  };
  fastify.get("/analysts/studio", (_request, reply) => privatePage(reply).redirect(LIVE_STUDIO, 301));
  fastify.get(LIVE_STUDIO, page);
  // The phone preview checks a draft's answers with validators compiled from the draft as it stands: its frame,
  // for analysts only, may compile them; every other page keeps the site's policy.
  fastify.get(`${LIVE_STUDIO}preview/`, async (request, reply) => {
    const policy = String(reply.raw.getHeader("content-security-policy") ?? "");
    reply.raw.setHeader("content-security-policy", policy.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"));
    return page(request, reply);
  });
  fastify.get<{ Params: { flow: string; version: string } }>(`${LIVE_STUDIO}:flow/:version`, async (request, reply) => {
    const { flow, version } = request.params;
    if (!/^v[1-9]\d*$/.test(version) || !(catalog.hasFlow(flow) || (await madeInStudio(flow)) !== undefined)) return privatePage(reply).code(404).type("text/plain; charset=utf-8").send(`The studio has no page ${LIVE_STUDIO}${flow}/${version}.`);
    return page(request, reply);
  });
  fastify.get<{ Params: { file: string } }>(`${LIVE_STUDIO}:file`, async (request, reply) => sendFile(reply, request.params.file, ""));
  fastify.get<{ Params: { file: string } }>(`${LIVE_STUDIO}assets/:file`, async (request, reply) => sendFile(reply, request.params.file, "assets"));
  const sendFile = async (reply: FastifyReply, file: string, folder: string) => {
    const type = TYPES[path.extname(file)];
    const body = /^[\w.-]+$/.test(file) && type ? await readFile(path.join(studioDir, folder, file)).catch(() => undefined) : undefined;
    if (body === undefined) return privatePage(reply).code(404).type("text/plain; charset=utf-8").send("No such studio file.");
    // Hashed names: the content of an address never changes, but it is for signed-in analysts only.
    return reply.header("cache-control", folder === "assets" ? "private, max-age=31536000, immutable" : "private, no-cache").type(type!).send(body);
  };

  fastify.get(`${API}/me`, async (request, reply) => privatePage(reply).send({ name: request.analyst?.name ?? "", role: request.analystRole }));
  fastify.get(`${API}/flows`, async (_request, reply) => privatePage(reply).send(listingAnswer(catalog.listing(), catalog.corpus())));
  fastify.get<{ Params: { flow: string } }>(`${API}/flows/:flow`, async (request, reply) => {
    const made = await madeInStudio(request.params.flow);
    const files = flowFilesAnswer(catalog.listing(), catalog.corpus(), request.params.flow, made !== undefined);
    return files ? privatePage(reply).send({ ...files, ...(made ? { madeInStudio: made } : {}) }) : noFlow(reply, request.params.flow);
  });
  fastify.post<{ Params: { flow: string } }>(`${API}/flows/:flow/check`, { bodyLimit: 1024 * 1024 }, async (request, reply) => {
    let drafts: Record<string, string>;
    try {
      drafts = readCheckBody(request.body);
    } catch (error) {
      if (error instanceof BadBody) return privatePage(reply).code(400).send({ message: error.message });
      throw error;
    }
    const answer = checkAnswer(catalog.listing(), request.params.flow, drafts, check, (await madeInStudio(request.params.flow)) !== undefined);
    return answer ? privatePage(reply).send(answer) : noFlow(reply, request.params.flow);
  });
}
