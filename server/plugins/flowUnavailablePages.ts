/**
 * The quote page of a flow with no version the server can serve answers 503 with the site's error page
 * (quote-unavailable.html, pre-rendered by the build: the specification's "Something has gone wrong. Please try
 * again." and how to reach us) instead of a form whose leads it could not take; so does a flow whose control has no
 * page this server can send (quotePages.ts). Every other page is untouched.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { SOMETHING_WENT_WRONG } from "../../engine/core/messages";
import { quotePath } from "../../engine/core/quotePaths";
import { unavailableFlows, type FlowCatalog } from "../flowCatalog";

export interface FlowUnavailablePagesOptions {
  flows: FlowCatalog;
  /** The built site, holding quote-unavailable.html. */
  siteDir: string;
}

/** The built page's file name. */
export const UNAVAILABLE_PAGE = "quote-unavailable.html";

/** Used when the site has not been built: the same words, without the site around them. */
const fallbackPage =
  '<!doctype html><html lang="en-GB"><meta charset="utf-8"><meta name="robots" content="noindex"><title>Something has gone wrong</title>' +
  `<h1>${SOMETHING_WENT_WRONG}</h1><p>This quote form is not available just now. Please try again in a few minutes, or go to the <a href="/">home page</a>.</p></html>`;

async function flowUnavailablePages(fastify: FastifyInstance, { flows, siteDir }: FlowUnavailablePagesOptions): Promise<void> {
  fastify.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const pathname = request.url.split("?")[0] ?? "";
    if (!pathname.startsWith("/quote")) return;
    const page = pathname.endsWith("/") ? pathname : `${pathname}/`;
    const flow = unavailableFlows(flows.corpus()).find((f) => quotePath(f.path) === page);
    if (!flow) return;
    request.log.error({ flowId: flow.id }, `Quote flow ${flow.id} is not served: answering ${page} with the error page`);
    return sendUnavailablePage(reply, siteDir);
  });
}

/** Answers 503 with the built site's error page (the same words without the site around them when it has not been built). */
export async function sendUnavailablePage(reply: FastifyReply, siteDir: string): Promise<FastifyReply> {
  const html = await readFile(path.join(siteDir, UNAVAILABLE_PAGE), "utf8").catch(() => fallbackPage);
  return reply.code(503).header("cache-control", "no-store").header("retry-after", "300").type("text/html; charset=utf-8").send(html);
}

/** On the root instance, so the hook sees the static site's requests. */
export default fp(flowUnavailablePages, { name: "flow-unavailable-pages", fastify: "5.x" });
