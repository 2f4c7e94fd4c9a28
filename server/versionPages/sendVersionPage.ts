/**
 * Sends a version's kept page (versionPages.ts): the encoding the browser accepts (Brotli, else gzip, else none),
 * with its ETag, or 304 when the browser already holds these bytes (If-None-Match). Nothing is drawn or compressed here.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { VersionPage } from "./versionPages";

type Encoding = "br" | "gzip" | "identity";

/** The best encoding the request accepts (a q=0 refuses one). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding {
  const offered = new Map<string, number>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

const SUFFIX: Record<Encoding, string> = { br: "-br", gzip: "-gz", identity: "" };

/** The ETag of the page's bytes in an encoding. */
export const pageEtag = (page: VersionPage, encoding: Encoding): string => `"${page.hash}${SUFFIX[encoding]}"`;

/** Whether If-None-Match names these bytes, in any encoding (the content is the same). */
function alreadyHeld(page: VersionPage, header: string | string[] | undefined): boolean {
  const tags = String(header ?? "").split(",").map((t) => t.trim().replace(/^W\//, ""));
  return tags.some((tag) => tag === "*" || (Object.keys(SUFFIX) as Encoding[]).some((encoding) => tag === pageEtag(page, encoding)));
}

/** Sends the page (the reply's status, cookies and caching headers already set). */
export function sendVersionPage(request: FastifyRequest, reply: FastifyReply, page: VersionPage): FastifyReply {
  const encoding = acceptedEncoding(request.headers["accept-encoding"]);
  reply.header("etag", pageEtag(page, encoding)).header("vary", "Cookie, Accept-Encoding");
  if (alreadyHeld(page, request.headers["if-none-match"])) return reply.code(304).send();
  reply.type("text/html; charset=utf-8");
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.send(page[encoding]);
}
