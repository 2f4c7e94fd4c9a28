/**
 * GET /flow-assets/<flow>/v<N>/<key>.<hash>.js: a precompiled step validator of a version published since the build
 * (server/publishing/validatorAssets.ts), immutable, so browsers and caches keep it for a year. Any instance makes
 * the same bytes from the published version; an address whose hash is not the version's answers the site's 404.
 */
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import type { FlowCatalog } from "../flowCatalog";
import { FLOW_ASSETS, type validatorAssets } from "../publishing/validatorAssets";

export interface FlowAssetsRoutesOptions {
  flows: FlowCatalog;
  assets: ReturnType<typeof validatorAssets>;
}

/** A year: the address changes with the content. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export default async function flowAssetsRoutes(fastify: FastifyInstance, { flows, assets }: FlowAssetsRoutesOptions): Promise<void> {
  const compressed = new Map<string, { br: Buffer; gzip: Buffer }>();
  fastify.get<{ Params: { flow: string; version: string; file: string } }>(`${FLOW_ASSETS}/:flow/:version/:file`, async (request, reply) => {
    const number = /^v([1-9][0-9]{0,5})$/.exec(request.params.version)?.[1];
    const flow = number === undefined ? undefined : flows.getFlow(request.params.flow, Number(number));
    const url = request.url.split("?")[0]!;
    const asset = flow && [...(await assets.of(flow)).values()].find((a) => a.url === url);
    if (!asset) return reply.callNotFound();
    let packed = compressed.get(url);
    if (!packed) compressed.set(url, (packed = { br: brotliCompressSync(asset.code), gzip: gzipSync(asset.code) }));
    const accepts = String(request.headers["accept-encoding"] ?? "");
    reply.header("content-type", "text/javascript; charset=utf-8").header("cache-control", IMMUTABLE).header("vary", "Accept-Encoding");
    if (/\bbr\b/.test(accepts)) return reply.header("content-encoding", "br").send(packed.br);
    if (/\bgzip\b/.test(accepts)) return reply.header("content-encoding", "gzip").send(packed.gzip);
    return reply.send(asset.code);
  });
}
