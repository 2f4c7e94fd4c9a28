/**
 * How one version's first page is made (in the pages' thread, pageThread.ts): the build's server bundle draws the
 * quote page of the version's document into the build's page template, the same way for a version the build knew
 * and one published since, so the same document gives the same bytes. The page carries the version's document and
 * its validators' addresses (a data block, never run). It is kept as it is, Brotli- and gzip-compressed, with an
 * ETag naming its content. A site built without a server bundle (an API-only or test site) sends the version's page
 * file as the build wrote it, through the same compression and tags.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { quotePath } from "../../engine/core/quotePaths";
import { PUBLISHED_FLOW_ID, type PublishedFlowData } from "../../engine/core/servedStep";

/** The build's page template, beside its server bundle (scripts/prerender.ts writes it). */
export const PAGE_TEMPLATE = "quote-page.html";

/** What to make: the version's data (document and validators), and the build's own file of its page as a fallback. */
export interface PageJob {
  data: PublishedFlowData;
  /** The file the build wrote for this version's page, relative to the site's folder (a site without a server bundle). */
  builtFile: string;
  /** Drawn with `<meta name="robots" content="noindex">` in place of its canonical link (a flow not listed for search). */
  noindex?: boolean;
}

/** A page as kept: its bytes, compressed two ways, and its ETag's content hash. */
export interface MadePage {
  identity: Uint8Array;
  br: Uint8Array;
  gzip: Uint8Array;
  hash: string;
}

interface PageBundle {
  render(url: string, quoteVersion?: number): Promise<{ html: string; head: string }>;
  addPublishedFlow(data: PublishedFlowData): void;
}

/** The bundle and template of the site built into `siteDir` (its client folder), loaded once; undefined without them. */
export function pageMaker(siteDir: string): { siteDir: string; drawing: Promise<{ bundle: PageBundle; template: string } | undefined> } {
  const serverDir = path.join(siteDir, "..", "server");
  const drawing = Promise.all([
    import(pathToFileURL(path.join(serverDir, "entry-server.js")).href) as Promise<PageBundle>,
    readFile(path.join(serverDir, PAGE_TEMPLATE), "utf8"),
  ]).then(([bundle, template]) => ({ bundle, template }), () => undefined);
  return { siteDir, drawing };
}

/** Makes one version's page, or undefined when this site can make none for it. */
export async function makePage(maker: ReturnType<typeof pageMaker>, { data, builtFile, noindex = false }: PageJob): Promise<MadePage | undefined> {
  const drawing = await maker.drawing;
  let html: Buffer | undefined;
  if (drawing) {
    drawing.bundle.addPublishedFlow(data);
    const { document } = data;
    const page = await drawing.bundle.render(quotePath(document.path), document.version);
    html = Buffer.from(versionPageHtml(drawing.template, page, data, noindex));
  } else {
    html = await readFile(path.join(maker.siteDir, builtFile)).catch(() => undefined);
  }
  if (!html) return undefined;
  return {
    identity: new Uint8Array(html),
    br: new Uint8Array(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } })),
    gzip: new Uint8Array(gzipSync(html, { level: 9 })),
    hash: createHash("sha256").update(html).digest("base64url").slice(0, 27),
  };
}

/**
 * A version's first page: its drawing (the bundle's `render` of its quote page in that version) in the build's page
 * template, carrying its data. The build writes each version it knows this way (scripts/prerender.ts), so its file
 * holds the bytes this server sends.
 */
export function versionPageHtml(template: string, page: { head: string; html: string }, data: PublishedFlowData, noindex = false): string {
  return template
    .replace("<!--app-head-->", () => (noindex ? unindexed(page.head) : page.head))
    .replace("<!--app-html-->", () => page.html)
    .replace("</body>", () => `${dataBlock(PUBLISHED_FLOW_ID, data)}</body>`);
}

/** A page's head kept out of search engines' indexes: its canonical link becomes a robots meta (site/head.tsx draws one or the other). */
function unindexed(head: string): string {
  if (head.includes('<meta name="robots"')) return head;
  return head.replace(/<link rel="canonical"[^>]*\/>/, () => '<meta name="robots" content="noindex" />');
}

/** JSON in a data block: never run, so the Content Security Policy has nothing to allow; "<" escaped so no text can close it. */
export function dataBlock(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, "\\u003c")}</script>`;
}
