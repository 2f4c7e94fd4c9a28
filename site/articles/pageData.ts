/**
 * What each guide, news article and listing page is drawn from, worked out at build time by the content
 * plugin: one small module per page, so a page loads its own words and links and nothing of the others.
 */
import type { Article, ArticleSummary } from "./article";
import { listingTitle } from "../content/articleSections";
import { listingPath, type ArticleKind } from "./articlePaths";

export interface ArticleLink {
  title: string;
  path: string;
}

export interface ArticlePageData {
  kind: "article";
  article: ArticleSummary;
  /** The body, rendered from Markdown at build time. */
  html: string;
  /** The category's guides other than this one (for news, the guides of the same service). */
  related: ArticleLink[];
  /** The article of the same section published just before this one, and just after. */
  previous?: ArticleLink;
  next?: ArticleLink;
}

export interface ListingPageData {
  kind: "listing";
  section: string;
  articleKind: ArticleKind;
  /** Newest first. */
  articles: ArticleSummary[];
}

export type ArticleRouteData = ArticlePageData | ListingPageData;

/** Every listing with at least one article, in the order of the articles given (newest first). */
export function listings(articles: readonly ArticleSummary[]): ListingPageData[] {
  const byPath = new Map<string, ListingPageData>();
  for (const article of articles) {
    const path = listingPath(article.section, article.kind);
    const listing = byPath.get(path) ?? { kind: "listing", section: article.section, articleKind: article.kind, articles: [] };
    listing.articles.push(article);
    byPath.set(path, listing);
  }
  return [...byPath.values()];
}

/** The address of every page: each listing, then each article. */
export function pagePaths(articles: readonly ArticleSummary[]): string[] {
  return [...listings(articles).map((listing) => listingPath(listing.section, listing.articleKind)), ...articles.map((a) => a.path)];
}

/** An article's page: its body, the related guides and its neighbours in time (articles given newest first). */
export function articlePageData(articles: readonly ArticleSummary[], article: Article): ArticlePageData {
  const { html, ...summary } = article;
  const sameSection = articles.filter((a) => a.kind === article.kind && a.section === article.section);
  const at = sameSection.findIndex((a) => a.path === article.path);
  const related = articles.filter((a) => a.kind === "guide" && a.section === article.section && a.path !== article.path);
  const previous = sameSection[at + 1];
  const next = at > 0 ? sameSection[at - 1] : undefined;
  return {
    kind: "article",
    article: summary,
    html,
    related: related.map(linkTo),
    previous: previous && linkTo(previous),
    next: next && linkTo(next),
  };
}

const linkTo = (article: ArticleSummary): ArticleLink => ({ title: article.title, path: article.path });

/** For the footer: the title of every listing and article, and each guide category's guides, then its listings. */
export function footerLinks(articles: readonly ArticleSummary[]): { titles: Record<string, string>; guideLinks: Record<string, string[]> } {
  const all = listings(articles);
  const listingPaths = (section: string) =>
    (["guide", "news"] as const)
      .filter((kind) => all.some((listing) => listing.section === section && listing.articleKind === kind))
      .map((kind) => listingPath(section, kind));
  return {
    titles: Object.fromEntries([
      ...all.map((listing) => [listingPath(listing.section, listing.articleKind), listingTitle(listing.section, listing.articleKind)]),
      ...articles.map((article) => [article.path, article.title]),
    ]),
    guideLinks: Object.fromEntries(
      all
        .filter((listing) => listing.articleKind === "guide")
        .map(({ section, articles: guides }) => [section, [...guides.map((guide) => guide.path), ...listingPaths(section)]]),
    ),
  };
}
