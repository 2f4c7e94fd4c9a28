/** Renders a path to HTML at build time (see scripts/prerender.ts). */
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { App } from "./App";
import { SITE_URL } from "./config";
import { HeadCollector, HeadContext } from "./head";
import { staticPaths } from "./siteMap";

export { SITE_URL, staticPaths };

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
