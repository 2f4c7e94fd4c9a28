/** Modules made at build time by the plugins in site/build/. */
declare module "virtual:flow-manifest" {
  import type { FlowDocument } from "../engine/core/types";
  import type { FlowSummary } from "./quote/flowSummary";
  export const flows: FlowSummary[];
  export const loaders: Record<string, Record<number, () => Promise<FlowDocument>>>;
}

declare module "virtual:step-validators" {
  import type { ValidatorModule } from "../engine/react/types";
  /** A step's precompiled validator; key is "<stepId>" or "<stepId>:<variant>". */
  export function loadStepValidator(flowId: string, version: number, key: string): Promise<ValidatorModule>;
}

declare module "virtual:articles" {
  import type { ArticleSummary } from "./articles/article";
  /** Every guide and news article, newest first (for the build: paths, sitemap, feeds). */
  export const articles: ArticleSummary[];
}

declare module "virtual:article-pages" {
  import type { ArticleRouteData } from "./articles/pageData";
  /** Address → that article's or listing's page module. */
  export const pages: Record<string, () => Promise<{ default: ArticleRouteData }>>;
}

declare module "virtual:article-links" {
  /** Address → page title of every listing, then of every article, newest first. */
  export const titles: Record<string, string>;
  /** Guide category → the addresses of its guides, newest first, then of its guides and news listings. */
  export const guideLinks: Record<string, string[]>;
}
