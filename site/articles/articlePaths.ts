/** The addresses of guides, news and their listings, shared by the build and the browser. */

export type ArticleKind = "guide" | "news";

/** The folder a kind of article lives in, both under site/content/ and in the site's addresses. */
export const ARTICLE_FOLDER: Record<ArticleKind, string> = { guide: "guides", news: "news" };

/** `/business-energy/guides/` or `/business-energy/news/`. */
export function listingPath(section: string, kind: ArticleKind): string {
  return `/${section}/${ARTICLE_FOLDER[kind]}/`;
}

/** `/business-energy/news/feed.xml`: a news service's Atom feed. */
export function feedPath(service: string): string {
  return `${listingPath(service, "news")}feed.xml`;
}

/** Whether a path is under some section's guides or news, the only addresses the article pages answer. */
export function isArticleAddress(path: string): boolean {
  return /^\/[a-z0-9-]+\/(guides|news)\//.test(path);
}

/** The content plugin's module for one page: `virtual:article-page` and the address without its last slash. */
export const VIRTUAL_PAGE = "virtual:article-page";

export function pageModuleId(path: string): string {
  return VIRTUAL_PAGE + path.slice(0, -1);
}
