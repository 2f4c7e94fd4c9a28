/** An article as the site reads it: its front matter, where it lives and how long it takes to read. */
import type { ArticleFrontMatter } from "../../schemas/generated/article";
import type { ArticleKind } from "./articlePaths";

/** What listings, feeds and the sitemap know of an article. */
export interface ArticleSummary extends Omit<ArticleFrontMatter, "category" | "service"> {
  kind: ArticleKind;
  /** The guide category or news service: the first segment of the article's path. */
  section: string;
  slug: string;
  /** `/business-energy/guides/how-to-read-your-bill/` or `/business-energy/news/…/`. */
  path: string;
  words: number;
  readingMinutes: number;
  /** The source file, relative to the content folder, for messages. */
  file: string;
}

export interface Article extends ArticleSummary {
  html: string;
}
