/**
 * Renders every static path of the site into <out>/client/<path>/index.html, plus 404.html and each quote page's
 * versions (<path>/v<N>.html, drawn as the server draws every version's first page, server/versionPages/, into the
 * page template written beside the server bundle; also the base of the studio's previews and of later steps drawn
 * without scripts), and writes the
 * sitemap.xml (every pre-rendered page that may be indexed), robots.txt and each news service's Atom feed beside
 * them, and quote-unavailable.html (what the server answers for a flow it cannot serve).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RenderedPage } from "../site/entry-server";
import { PAGE_TEMPLATE, versionPageHtml } from "../server/versionPages/pageJob";
import { quotePath } from "../engine/core/quotePaths";
import type { FlowDocument } from "../engine/core/types";

interface ServerEntry {
  render(url: string, quoteVersion?: number): Promise<RenderedPage>;
  quoteVersions: Array<{ path: string; versions: number[] }>;
  renderQuoteUnavailable(): Promise<RenderedPage>;
  staticPaths: string[];
  feeds: Array<{ path: string; xml: string }>;
  SITE_URL: string;
}

/**
 * Writes the pages, sitemap, robots.txt and feeds into `outDir`/client, using the server bundle in `outDir`/server,
 * and returns the paths of the pages written.
 */
export async function prerenderSite(outDir: string, documents: FlowDocument[]): Promise<string[]> {
  const clientDir = path.join(outDir, "client");
  const template = entryAfterFirstPaint(await inlineStylesheets(await readFile(path.join(clientDir, "index.html"), "utf8"), clientDir));
  const entry = (await import(pathToFileURL(path.join(outDir, "server/entry-server.js")).href)) as ServerEntry;
  // The template every version's first page is drawn into by the server (server/versionPages/), beside its bundle.
  await writeFile(path.join(outDir, "server", PAGE_TEMPLATE), template);
  const written: string[] = [];
  const indexable: string[] = [];
  const pages: Array<{ url: string; file: string; version?: number }> = [
    ...entry.staticPaths.map((url) => ({ url, file: path.join(clientDir, url, "index.html") })),
    { url: "/404", file: path.join(clientDir, "404.html") },
    // Every version of every quote page, as v<N>.html beside its index.html (the default): the server sends the visit's.
    ...entry.quoteVersions.flatMap(({ path: url, versions }) => versions.map((version) => ({ url, file: path.join(clientDir, url, `v${version}.html`), version }))),
  ];
  for (const { url, file, version } of pages) {
    const { html, head, noindex } = await entry.render(url, version);
    // No module preloads, the quote pages' included: a page paints from its HTML and inline styles before any chunk
    // competes with it. The server sends the visit's version already drawn, so nothing waits on the form's code.
    await mkdir(path.dirname(file), { recursive: true });
    if (version !== undefined) {
      // A version's first page as the server makes every version's (server/versionPages/pageJob.ts), so the file
      // holds the bytes it sends for that version.
      const document = documents.find((d) => quotePath(d.path) === url && d.version === version);
      if (!document) throw new Error(`prerender: no document for ${url} v${version}`);
      await writeFile(file, versionPageHtml(template, { head, html }, { document, validators: {} }));
      continue;
    }
    await writeFile(file, template.replace("<!--app-head-->", head).replace("<!--app-html-->", html));
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

/**
 * A page as plain HTML: no module scripts or their preloads (the app would draw the flow the server cannot take),
 * and so no cookie banner, whose buttons need them. The inline consent-mode defaults stay: they set nothing.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script type="module"[^>]*><\/script>\s*/g, "")
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, "")
    .replace(/ data-entry="[^"]*"/, "")
    .replace(/<section class="consent-banner"[\s\S]*?<\/section>\s*/, "");
}

/**
 * The page's module script and its preloads named in `<html data-entry="entry preload…">` instead of as elements, so
 * the browser asks for none of them before the first paint: the inline script in index.html adds them once the page
 * has painted, and the entry removes the attribute when it starts (docs/design-notes.md, "A page's code is asked for
 * after its first paint").
 */
export function entryAfterFirstPaint(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error("index.html has no module script to load after the first paint");
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let result = html.replace(entry[0], "");
  for (const preload of preloads) result = result.replace(preload[0], "");
  const urls = [entry[1]!, ...preloads.map((preload) => preload[1]!)];
  return result.replace(/<html([^>]*)>/, (_, attributes: string) => `<html${attributes} data-entry="${urls.join(" ")}">`);
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

/** Crawlers may read every page but not the API or the analysts' pages; the sitemap is named in full. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /analysts/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}
