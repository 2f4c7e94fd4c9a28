/** An Atom feed (RFC 4287) of a listing's articles, written at build time beside the listing. */
import type { ArticleSummary } from "./article";

export interface AtomFeed {
  /** The site's origin, for absolute addresses and ids: `https://www.example.co.uk`. */
  origin: string;
  /** The feed's own path: `/business-energy/news/feed.xml`. */
  path: string;
  /** The page the feed mirrors: `/business-energy/news/`. */
  pagePath: string;
  title: string;
  subtitle: string;
  /** Who publishes the feed (each entry also names its author). */
  publisher: string;
  /** Newest first; at least one. */
  articles: readonly ArticleSummary[];
}

/** The feed's XML. Entries are identified by their page's address, which does not change once published. */
export function atomFeed(feed: AtomFeed): string {
  if (feed.articles.length === 0) throw new Error(`${feed.path}: a feed needs at least one article`);
  const updated = feed.articles.map((a) => a.updated ?? a.date).reduce((latest, date) => (date > latest ? date : latest));
  const entries = feed.articles.map((article) => {
    const url = feed.origin + article.path;
    return [
      "  <entry>",
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(article.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${timestamp(article.date)}</published>`,
      `    <updated>${timestamp(article.updated ?? article.date)}</updated>`,
      `    <author><name>${escapeXml(article.author)}</name></author>`,
      `    <summary>${escapeXml(article.summary)}</summary>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-GB">`,
    `  <id>${escapeXml(feed.origin + feed.path)}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <subtitle>${escapeXml(feed.subtitle)}</subtitle>`,
    `  <updated>${timestamp(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.origin + feed.path)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.origin + feed.pagePath)}"/>`,
    `  <author><name>${escapeXml(feed.publisher)}</name></author>`,
    ...entries,
    `</feed>`,
    "",
  ].join("\n");
}

/** A YYYY-MM-DD date as an RFC 3339 time, at the start of that day (UTC). */
const timestamp = (date: string) => `${date}T00:00:00Z`;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}
