/** Renders a path to HTML at build time (see scripts/prerender.ts). */
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { App } from "./App";
import { articlePaths, newsFeeds } from "./articleMap";
import { SITE_URL } from "./config";
import { HeadCollector, HeadContext } from "./head";
import { staticPaths as sitePaths } from "./siteMap";

export { SITE_URL };

/** Every page to pre-render: the site map's, the quote pages, then the guides, news and their listings. */
export const staticPaths: string[] = [...sitePaths, ...articlePaths];

/** The news services' Atom feeds, to write beside their listings. */
export const feeds = newsFeeds(SITE_URL);

export interface RenderedPage {
  html: string;
  head: string;
  noindex: boolean;
  /** Source modules the page loads lazily, as Vite's manifest names them (see Preload in head.tsx). */
  modules: string[];
}

export async function render(url: string): Promise<RenderedPage> {
  const head = new HeadCollector();
  const { prelude } = await prerender(
    <StrictMode>
      <HeadContext value={head}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </HeadContext>
    </StrictMode>,
    // Never split a large page into a hidden part revealed by an inline script: pages must read without
    // JavaScript, and the Content Security Policy allows only the inline scripts every page shares.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return { html, head: head.toHtml(), noindex: head.meta?.noindex === true, modules: [...head.modules] };
}
