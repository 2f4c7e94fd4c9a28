/* Generated from schemas/article.schema.json by `npm run schemas:types`. Do not edit. */

/**
 * This interface was referenced by `ArticleFrontMatter`'s JSON-Schema
 * via the `definition` "guideCategory".
 */
export type GuideCategory =
  | "business-energy"
  | "business-water"
  | "business-broadband"
  | "take-card-payments"
  | "business-waste"
  | "business-solar"
  | "business-energy-generators"
  | "business-insurance"
  | "business-loans";
/**
 * This interface was referenced by `ArticleFrontMatter`'s JSON-Schema
 * via the `definition` "newsService".
 */
export type NewsService =
  | "business-energy"
  | "business-energy-generators"
  | "business-broadband"
  | "business-water"
  | "business-waste"
  | "business-solar"
  | "business-insurance"
  | "take-card-payments";

/**
 * The front matter of a guide (site/content/guides/<category>/<slug>.md) or news article (site/content/news/<service>/<slug>.md).
 */
export interface ArticleFrontMatter {
  title: string;
  description: string;
  date: string;
  updated?: string;
  author: string;
  category?: GuideCategory;
  service?: NewsService;
  summary: string;
}
