/** The whole React app: drawn into an empty page, or hydrating the pre-rendered one (at once, or on taking it over). */
import { StrictMode, useCallback, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter, useNavigate } from "react-router";
import { App } from "./App";
import { loadFooter } from "./layout/SiteLayout";
import { nextShown } from "./layout/hydrated";
import { NavigationContext } from "./navigation";

const app = (
  <StrictMode>
    <BrowserRouter>
      <RouterNavigation>
        <App />
      </RouterNavigation>
    </BrowserRouter>
  </StrictMode>
);

/** The router's navigation for the parts that also run without it (navigation.tsx). */
function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const go = useCallback((path: string) => void navigate(path), [navigate]);
  return <NavigationContext value={go}>{children}</NavigationContext>;
}

/** Draws the app into `root` (what it held is replaced); resolves once the page at the current address shows. */
export async function renderApp(root: HTMLElement): Promise<void> {
  const shown = nextShown("page");
  createRoot(root).render(app);
  await shown;
}

/** Hydrates the page as it is; resolves once the page and (when `withFooter`) the footer answer to React. */
export async function hydrateApp(root: HTMLElement, withFooter = false): Promise<void> {
  if (withFooter) loadFooter();
  const shown = [nextShown("page"), ...(withFooter ? [nextShown("footer")] : [])];
  hydrateRoot(root, app);
  await Promise.all(shown);
}
