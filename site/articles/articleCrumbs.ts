import { findPage, sitePages, type Crumb } from "../siteMap";
import { listingPath, type ArticleKind } from "./articlePaths";

/** The crumb of a section's listing, on the listing and its articles. */
export const LISTING_CRUMB: Record<ArticleKind, string> = { guide: "Guides & Tools", news: "Latest News" };

/** Home › the section's service page (when it has one) › Guides & Tools or Latest News › the article, when given. */
export function articleTrail(section: string, kind: ArticleKind, article?: { title: string; path: string }): Crumb[] {
  const home = sitePages[0]!;
  const service = findPage(`/${section}/`);
  return [
    { label: home.crumb, path: home.path },
    ...(service ? [{ label: service.crumb, path: service.path }] : []),
    { label: LISTING_CRUMB[kind], path: listingPath(section, kind) },
    ...(article ? [{ label: article.title, path: article.path }] : []),
  ];
}
