/** Page titles and meta tags: collected on the server into <head>, set on the document in the browser. */
import { createContext, use, useEffect } from "react";
import { BRAND, SITE_URL, TITLE_LIMIT } from "./config";

export interface PageMeta {
  title?: string;
  description: string;
  /** The page's path, for its canonical URL. */
  path: string;
  noindex?: boolean;
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
      `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(BRAND)}" />`,
      meta.noindex ? `<meta name="robots" content="noindex" />` : "",
    ].filter(Boolean).join("\n    ");
  }
}

export const HeadContext = createContext<HeadCollector | null>(null);

/** Declares the page's title and description. */
export function PageHead(meta: PageMeta) {
  const collector = use(HeadContext);
  if (collector) collector.meta = meta;
  useEffect(() => {
    document.title = pageTitle(meta.title);
  }, [meta.title]);
  return null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}
