/**
 * GET /sitemap.xml: the sitemap the build wrote, with the address of each flow made in the live studio since that a
 * publisher has listed (studio/listedFlows.ts) and that has a version to serve. With none, the built file as it is.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { quotePath } from "../../engine/core/quotePaths";
import type { FlowCatalog } from "../flowCatalog";
import { sitemapWith, type ListedFlows } from "../studio/listedFlows";

export interface SitemapRouteOptions {
  siteDir: string;
  flows: FlowCatalog;
  listed: ListedFlows;
}

export default async function sitemapRoute(fastify: FastifyInstance, { siteDir, flows, listed }: SitemapRouteOptions): Promise<void> {
  // A built site does not change while served: its sitemap is read once.
  let built: Promise<string | undefined> | undefined;
  fastify.get("/sitemap.xml", async (_request, reply) => {
    const served = new Map(flows.corpus().flows.filter((f) => f.defaultVersion !== undefined).map((f) => [f.id, f]));
    const added = listed.listedIds().flatMap((id) => {
      const flow = served.get(id);
      return flow ? [quotePath(flow.path)] : [];
    });
    const file = added.length === 0 ? undefined : await (built ??= readFile(path.join(siteDir, "sitemap.xml"), "utf8").catch(() => undefined));
    if (file === undefined) return reply.sendFile("sitemap.xml");
    return reply.header("cache-control", "no-cache").type("application/xml").send(sitemapWith(file, added));
  });
}
