/** Renders a path to HTML at build time (see scripts/prerender.ts). */
import { StrictMode, Suspense, type ReactNode } from "react";
import { prerender } from "react-dom/static";
import { Route, Routes, StaticRouter } from "react-router";
import { App } from "./App";
import { articlePaths, newsFeeds } from "./articleMap";
import { SITE_URL } from "./config";
import { HeadCollector, HeadContext } from "./head";
import { Hydrated } from "./layout/hydrated";
import { SiteLayout } from "./layout/SiteLayout";
import QuotePage from "./pages/QuotePage";
import { QuoteErrorBoundary } from "./quote/QuoteErrorBoundary";
import { flows } from "virtual:flow-manifest";
import { QuoteUnavailable } from "./quote/QuoteUnavailable";
import { ServedStepContext, ServedVersionContext } from "./quote/servedVersion";
import type { ServedStep } from "../engine/core/servedStep";
import { quotePath } from "../engine/core/quotePaths";
import { staticPaths as sitePaths } from "./siteMap";

export { SITE_URL };
/** The server hands its bundle a version published since the build before drawing one of its pages. */
export { addPublishedFlow } from "./quote/publishedFlows";

/** Every page to pre-render: the site map's, the quote pages, then the guides, news and their listings. */
export const staticPaths: string[] = [...sitePaths, ...articlePaths];

/** The news services' Atom feeds, to write beside their listings. */
export const feeds = newsFeeds(SITE_URL);

export interface RenderedPage {
  html: string;
  head: string;
  noindex: boolean;
}

/** Renders a page; a quote page in `quoteVersion` when given (else its default version). */
export async function render(url: string, quoteVersion?: number): Promise<RenderedPage> {
  return renderPage(
    url,
    <ServedVersionContext value={quoteVersion}>
      <App />
    </ServedVersionContext>,
  );
}

/**
 * Only what a quote page's step changes: the inside of the page's <main>, the same tree the page's script hydrates
 * there (quoteIsland.tsx), for the server to put into the version's pre-rendered page (server/plainQuote/stepPages.ts).
 */
export async function renderStepIsland(flowId: string, quoteVersion: number, served: ServedStep | undefined): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <Suspense>
        <QuoteErrorBoundary key={flowId}>
          <ServedStepContext value={served}>
            <QuotePage flowId={flowId} version={quoteVersion} />
          </ServedStepContext>
        </QuoteErrorBoundary>
        <Hydrated part="page" />
      </Suspense>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** Each quote page's versions, each pre-rendered as v<N>.html beside the page (whose index.html is the default's). */
export const quoteVersions: Array<{ path: string; versions: number[] }> = flows.map((flow) => ({ path: quotePath(flow.path), versions: flow.versions }));

/** The page the server answers a quote flow's address with when it cannot serve the flow (served without scripts). */
export async function renderQuoteUnavailable(): Promise<RenderedPage> {
  return renderPage(
    "/quote/",
    <Routes>
      <Route element={<SiteLayout />}>
        <Route path="*" element={<QuoteUnavailable />} />
      </Route>
    </Routes>,
  );
}

async function renderPage(url: string, routes: ReactNode): Promise<RenderedPage> {
  const head = new HeadCollector();
  const { prelude } = await prerender(
    <StrictMode>
      <HeadContext value={head}>
        <StaticRouter location={url}>{routes}</StaticRouter>
      </HeadContext>
    </StrictMode>,
    // Never split a large page into a hidden part revealed by an inline script: pages must read without
    // JavaScript, and the Content Security Policy allows only the inline scripts every page shares.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return { html, head: head.toHtml(), noindex: head.meta?.noindex === true };
}
