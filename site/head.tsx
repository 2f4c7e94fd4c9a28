/** Page titles and meta tags: collected on the server into <head>, kept up to date in the browser. */
import { createContext, use, useEffect } from "react";
import { BRAND, SITE_URL, TITLE_LIMIT } from "./config";

export interface PageMeta {
  title?: string;
  description: string;
  /** The page's path, for its canonical URL. */
  path: string;
  noindex?: boolean;
  /** An Atom feed of the page's news, announced to feed readers. */
  feed?: { title: string; path: string };
}

/** The brand alone, or "{title} | {brand}" when that stays within 60 characters, else the title alone. */
export function pageTitle(title: string | undefined, brand = BRAND): string {
  if (!title) return brand;
  const full = `${title} | ${brand}`;
  return full.length <= TITLE_LIMIT ? full : title;
}

/** Collects what pages declare during a server render. */
export class HeadCollector {
  meta: PageMeta | undefined;
  toHtml(): string {
    const meta = this.meta;
    if (!meta) return `<title>${escapeHtml(BRAND)}</title>`;
    const title = pageTitle(meta.title);
    const canonical = SITE_URL + meta.path;
    return [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      meta.noindex ? `<meta name="robots" content="noindex" />` : `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(BRAND)}" />`,
      `<meta property="og:locale" content="en_GB" />`,
      `<meta name="twitter:card" content="summary" />`,
      ...(meta.feed
        ? [`<link rel="alternate" type="application/atom+xml" title="${escapeHtml(meta.feed.title)}" href="${escapeHtml(SITE_URL + meta.feed.path)}" />`]
        : []),
    ].join("\n    ");
  }
}

export const HeadContext = createContext<HeadCollector | null>(null);

/** Declares the page's title and description (and, after moving between pages in the browser, updates them). */
export function PageHead(meta: PageMeta) {
  const collector = use(HeadContext);
  if (collector) collector.meta = meta;
  const { title, description, path } = meta;
  useEffect(() => {
    document.title = pageTitle(title);
    document.querySelector('meta[name="description"]')?.setAttribute("content", description);
    document.querySelector('link[rel="canonical"]')?.setAttribute("href", SITE_URL + path);
    document.querySelector('meta[property="og:title"]')?.setAttribute("content", pageTitle(title));
    document.querySelector('meta[property="og:description"]')?.setAttribute("content", description);
    document.querySelector('meta[property="og:url"]')?.setAttribute("content", SITE_URL + path);
  }, [title, description, path]);
  return null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}
