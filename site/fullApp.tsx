/** The whole React app: drawn into an empty page, or hydrating the pre-rendered one (at once, or on taking it over). */
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { loadFooter } from "./layout/SiteLayout";
import { footerHydrated, pageHydrated } from "./layout/hydrated";

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

export function renderApp(root: HTMLElement): void {
  createRoot(root).render(app);
}

/** Hydrates the page as it is; resolves once the page and (when `withFooter`) the footer answer to React. */
export async function hydrateApp(root: HTMLElement, withFooter = false): Promise<void> {
  if (withFooter) loadFooter();
  hydrateRoot(root, app);
  await Promise.all([pageHydrated, ...(withFooter ? [footerHydrated] : [])]);
}
