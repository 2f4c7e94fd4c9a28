/**
 * Renders every static path of the site into <out>/client/<path>/index.html, plus 404.html and each quote page's
 * versions (<path>/v<N>.html, which the server chooses between per visit), and writes the
 * sitemap.xml (every pre-rendered page that may be indexed), robots.txt and each news service's Atom feed beside
 * them, and quote-unavailable.html (what the server answers for a flow it cannot serve). Each page's head preloads the lazy chunks it needs, so the browser fetches them alongside the entry rather
 * than after it.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RenderedPage } from "../site/entry-server";

interface ServerEntry {
  render(url: string, quoteVersion?: number): Promise<RenderedPage>;
  quoteVersions: Array<{ path: string; versions: number[]; defaultVersion: number }>;
  renderQuoteUnavailable(): Promise<RenderedPage>;
  staticPaths: string[];
  feeds: Array<{ path: string; xml: string }>;
  SITE_URL: string;
}

/** Vite's build manifest: source module id → its chunk and the chunks that chunk imports. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * Writes the pages, sitemap, robots.txt and feeds into `outDir`/client, using the server bundle in `outDir`/server,
 * and returns the paths of the pages written.
 */
export async function prerenderSite(outDir: string): Promise<string[]> {
  const clientDir = path.join(outDir, "client");
  const template = await inlineStylesheets(await readFile(path.join(clientDir, "index.html"), "utf8"), clientDir);
  const manifest = JSON.parse(await readFile(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const entry = (await import(pathToFileURL(path.join(outDir, "server/entry-server.js")).href)) as ServerEntry;
  const written: string[] = [];
  const indexable: string[] = [];
  const pages: Array<{ url: string; file: string; version?: number }> = [
    ...entry.staticPaths.map((url) => ({ url, file: path.join(clientDir, url, "index.html") })),
    { url: "/404", file: path.join(clientDir, "404.html") },
    // Every version of every quote page, as v<N>.html beside its index.html (the default): the server sends the visit's.
    ...entry.quoteVersions.flatMap(({ path: url, versions }) => versions.map((version) => ({ url, file: path.join(clientDir, url, `v${version}.html`), version }))),
  ];
  for (const { url, file, version } of pages) {
    const { html, head, noindex, modules } = await entry.render(url, version);
    // Only a page whose app starts at once (the quote pages) fetches its lazy chunks up front; others fetch none.
    const preloads = html.includes("data-hydrate-at-once") ? preloadLinks(manifest, modules, url) : [];
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, template.replace("<!--app-head-->", [head, ...preloads].join("\n    ")).replace("<!--app-html-->", html));
    if (version !== undefined) continue;
    written.push(url);
    if (!noindex) indexable.push(url);
  }
  const unavailable = await entry.renderQuoteUnavailable();
  await writeFile(path.join(clientDir, "quote-unavailable.html"), withoutScripts(template.replace("<!--app-head-->", unavailable.head).replace("<!--app-html-->", unavailable.html)));
  await writeFile(path.join(clientDir, "sitemap.xml"), sitemapXml(entry.SITE_URL, indexable));
  await writeFile(path.join(clientDir, "robots.txt"), robotsTxt(entry.SITE_URL));
  for (const feed of entry.feeds) await writeFile(path.join(clientDir, feed.path), feed.xml);
  return written;
}

/** <link rel="modulepreload"> for the chunks of these modules and everything they import, less the entry's own. */
export function preloadLinks(manifest: Manifest, modules: string[], page = "a page"): string[] {
  const chunksOf = (ids: string[], into = new Set<string>()): Set<string> => {
    for (const id of ids) {
      const chunk = manifest[id];
      if (!chunk) throw new Error(`${page}: the build manifest has no chunk for "${id}" (named in a <Preload>)`);
      if (into.has(chunk.file)) continue;
      into.add(chunk.file);
      chunksOf(chunk.imports ?? [], into);
    }
    return into;
  };
  const loadedByEntry = chunksOf(["index.html"]);
  return [...chunksOf(modules)]
    .filter((file) => !loadedByEntry.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

/**
 * A page as plain HTML: no module scripts or their preloads (the app would draw the flow the server cannot take),
 * and so no cookie banner, whose buttons need them. The inline consent-mode defaults stay: they set nothing.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script type="module"[^>]*><\/script>\s*/g, "")
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, "")
    .replace(/<section class="consent-banner"[\s\S]*?<\/section>\s*/, "");
}

/**
 * The page's stylesheet written into the page as a <style> element, so nothing blocks its first paint (the whole
 * stylesheet is a few kB compressed; the server's CSP allows it by hash).
 */
export async function inlineStylesheets(html: string, clientDir: string): Promise<string> {
  let result = html;
  // The built stylesheets only: one the server answers (under /api/, such as the banner's no-script rules) stays a link.
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="\/((?!api\/)[^"]+\.css)"[^>]*>/g)) {
    const css = (await readFile(path.join(clientDir, match[1]!), "utf8")).trim();
    result = result.replace(match[0], () => `<style>${css}</style>`);
  }
  return result;
}

/** A sitemaps.org urlset of absolute page addresses. */
export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Crawlers may read every page but not the API; the sitemap is named in full. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /dev/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}
