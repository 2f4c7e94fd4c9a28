/** Renders a path to HTML at build time (see scripts/prerender.ts). */
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { App, staticPaths } from "./App";
import { HeadCollector, HeadContext } from "./head";

export { staticPaths };

export async function render(url: string): Promise<{ html: string; head: string }> {
  const head = new HeadCollector();
  const { prelude } = await prerender(
    <StrictMode>
      <HeadContext value={head}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </HeadContext>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, head: head.toHtml() };
}
