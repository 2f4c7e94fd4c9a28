/**
 * The built site (SITE_DIR): pre-rendered pages by directory URL, hashed assets cached for good,
 * and the 404 answers for unknown URLs (the site's 404 page, or JSON under /api/).
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

export interface StaticSiteOptions {
  /** The built site's folder (absolute). */
  siteDir: string;
}

/** Build output under assets/ has a content hash in its name, so a URL's content never changes. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else keeps its URL across builds: revalidate on each use (cheap, thanks to ETag). */
const REVALIDATE = "no-cache";

const fallback404 =
  '<!doctype html><html lang="en-GB"><meta charset="utf-8"><title>Page not found</title><h1>Page not found</h1></html>';

async function staticSite(fastify: FastifyInstance, { siteDir }: StaticSiteOptions): Promise<void> {
  const hasSite = await isDirectory(siteDir);
  if (hasSite) {
    const assetsDir = path.join(siteDir, "assets") + path.sep;
    await fastify.register(fastifyStatic, {
      root: siteDir,
      index: ["index.html"],
      // /quote/business-energy → 301 /quote/business-energy/, so relative links in the page resolve.
      redirect: true,
      // The build writes .br and .gz beside every text file; serve them to browsers that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader("cache-control", filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    fastify.log.warn({ siteDir }, "The built site is missing: serving the API only. Build the site to serve pages.");
  }

  const page404 = path.join(siteDir, "404.html");
  fastify.setNotFoundHandler(async (request, reply) => {
    reply.code(404);
    if (isApiPath(request.url)) return reply.send({ code: "4", message: "Not found" });
    if (hasSite && (await isFile(page404))) return reply.sendFile("404.html");
    return sendFallbackPage(reply);
  });
}

function sendFallbackPage(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", REVALIDATE).type("text/html; charset=utf-8").send(fallback404);
}

function isApiPath(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** Serves the site and answers unknown URLs; on the root instance, so its 404 handler covers every route. */
export default fp(staticSite, { name: "static-site", fastify: "5.x" });
