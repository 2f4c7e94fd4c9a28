/** The footer's links into guides and news, and the titles of those pages for its share links. */
import { guideLinks, titles } from "virtual:article-links";
import { defaultGuidePaths, type FooterLink } from "./footerLinks";

/**
 * On the pages of a guide category (its landing page, guides and news): the category's guides, then its guides
 * and news listings. Undefined elsewhere.
 */
export function categoryGuideLinks(pathname: string): FooterLink[] | undefined {
  const section = pathname.split("/")[1] ?? "";
  const paths = Object.hasOwn(guideLinks, section) ? guideLinks[section]! : undefined;
  return paths?.map((path) => ({ label: titles[path]!, href: path }));
}

/** The footer's Guides group away from a guide category's pages: four guides across the services. */
export function defaultGuideLinks(): FooterLink[] {
  return defaultGuidePaths.map((path) => ({ label: titles[path]!, href: path }));
}

/** The title of a guide, news article or listing at this path. */
export function articleTitleOf(pathname: string): string | undefined {
  const path = pathname.endsWith("/") ? pathname : `${pathname}/`;
  return Object.hasOwn(titles, path) ? titles[path] : undefined;
}
