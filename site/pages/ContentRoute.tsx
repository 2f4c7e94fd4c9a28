/**
 * Every address that is not a quote page: the content page of the site map at that path, a guide, news article or
 * listing (pages/ArticleRoute.tsx, loaded only for those addresses), or the not-found page.
 */
import { lazy, type ComponentType } from "react";
import { useLocation } from "react-router";
import { assertNever } from "../../engine/core/types";
import { isArticleAddress } from "../articles/articlePaths";
import type { LandingContent, LegalContent } from "../content/types";
import { findPage, type SitePage } from "../siteMap";
import { LandingPage } from "./LandingPage";
import { LegalPage } from "./LegalPage";
import NotFoundPage from "./NotFoundPage";

type Loaders<C> = Record<string, () => Promise<C>>;
const landingContent = import.meta.glob<LandingContent>("../content/landing/*.ts", { import: "default" });
const legalContent = import.meta.glob<LegalContent>(["../content/legal/*.ts", "!../content/legal/versions.ts"], { import: "default" });

const ArticleRoute = lazy(() => import("./ArticleRoute"));

const components = new Map<string, ComponentType>();

export default function ContentRoute() {
  const { pathname } = useLocation();
  const page = findPage(pathname);
  if (!page && isArticleAddress(pathname))
    return <ArticleRoute />;
  if (!page) return <NotFoundPage />;
  let Page = components.get(page.path);
  if (!Page) components.set(page.path, (Page = pageComponent(page)));
  return <Page />;
}

/** The page's component, loading its content module first. */
function pageComponent(page: SitePage): ComponentType {
  const { body } = page;
  switch (body.kind) {
    case "home":
      return lazy(() => import("./HomePage"));
    case "landing": {
      const load = contentLoader(landingContent, page);
      return lazy(async () => {
        const content = await load();
        return { default: () => <LandingPage page={page} content={content} /> };
      });
    }
    case "legal": {
      const load = contentLoader(legalContent, page);
      return lazy(async () => {
        const content = await load();
        return { default: () => <LegalPage page={page} content={content} /> };
      });
    }
    default:
      return assertNever(body, "page kind");
  }
}

function contentModule(page: SitePage): string {
  if (page.body.kind === "home") throw new Error(`${page.path} has no content module`);
  return `content/${page.body.kind}/${page.body.content}.ts`;
}

function contentLoader<C>(loaders: Loaders<C>, page: SitePage): () => Promise<C> {
  const load = loaders[`../${contentModule(page)}`];
  if (!load) throw new Error(`site/siteMap.ts: page ${page.path}: there is no site/${contentModule(page)}`);
  return load;
}
