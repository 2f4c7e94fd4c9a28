/**
 * The guides, news articles and listings the build pre-renders, beside the site map's own pages, and each news
 * service's feed. Read from the content plugin's index, so a new Markdown file adds its page, its listing entry,
 * its sitemap entry and its feed entry by itself. Build-time only: the browser finds pages by virtual:article-pages.
 */
import { articles } from "virtual:articles";
import { feedPath, listingPath } from "./articles/articlePaths";
import { atomFeed } from "./articles/atomFeed";
import { listings, pagePaths } from "./articles/pageData";
import { BRAND } from "./config";
import { listingTitle, listingWords } from "./content/articleSections";

/** Every listing, then every article. */
export const articlePaths: string[] = pagePaths(articles);

/** Each news listing's Atom feed: its path and XML. */
export function newsFeeds(origin: string): Array<{ path: string; xml: string }> {
  return listings(articles)
    .filter((listing) => listing.articleKind === "news")
    .map(({ section, articles: entries }) => ({
      path: feedPath(section),
      xml: atomFeed({
        origin,
        path: feedPath(section),
        pagePath: listingPath(section, "news"),
        title: `${listingTitle(section, "news")} | ${BRAND}`,
        subtitle: listingWords(section, "news").intro,
        publisher: BRAND,
        articles: entries,
      }),
    }));
}
