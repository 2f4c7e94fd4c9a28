/** Guides, news and their listings: the page module at this address from the content plugin, or the not-found page. */
import { lazy, type ComponentType } from "react";
import { useLocation } from "react-router";
import { pages } from "virtual:article-pages";
import { withSlash } from "../siteMap";
import { ArticleListingPage } from "./ArticleListingPage";
import { ArticlePage } from "./ArticlePage";
import NotFoundPage from "./NotFoundPage";

const components = new Map<string, ComponentType>();

export default function ArticleRoute() {
  const path = withSlash(useLocation().pathname);
  const load = Object.hasOwn(pages, path) ? pages[path] : undefined;
  if (!load) return <NotFoundPage />;
  let Page = components.get(path);
  if (!Page) {
    Page = lazy(async () => {
      const { default: data } = await load();
      return { default: () => (data.kind === "article" ? <ArticlePage data={data} /> : <ArticleListingPage data={data} />) };
    });
    components.set(path, Page);
  }
  return <Page />;
}
