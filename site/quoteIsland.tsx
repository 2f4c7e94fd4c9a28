/**
 * A quote page's first load: only the quote form hydrates (the page's <main>), without the router or the rest of
 * the app; the header, footer and cookie settings stay the server's HTML with the small enhancements of
 * staticPage.ts. The first time the visitor moves to another page of the site (a link, a flow handing over to
 * another, Back at a flow's start), the form's root is unmounted and the whole app is drawn at the new address.
 */
import { StrictMode, Suspense, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { cookieSettings } from "./consent/consentActions";
import { Hydrated, nextShown } from "./layout/hydrated";
import { NavigationContext, type SiteNavigate } from "./navigation";
import QuotePage from "./pages/QuotePage";
import { QuoteErrorBoundary } from "./quote/QuoteErrorBoundary";
import { servedFlows } from "./quote/publishedFlows";
import { quotePath } from "../engine/core/quotePaths";
import { preloadStepKind } from "../engine/react/registry";
import { ServedStepContext, servedStepInPage, versionInMarkup } from "./quote/servedVersion";
import { enhanceStaticPage, takeOverPage } from "./staticPage";

export async function startQuoteIsland(root: HTMLElement): Promise<void> {
  const main = root.querySelector<HTMLElement>("main")!;
  const flow = servedFlows().find((f) => quotePath(f.path) === location.pathname);
  if (!flow) throw new Error(`No quote flow at ${location.pathname}`);
  // The version the server chose and rendered: the form takes over its markup as it is.
  const version = versionInMarkup(main) ?? flow.defaultVersion;
  // A step past the first the server drew from the visit's kept answers: taken over as it stands.
  const served = servedStepInPage();
  const island: Island = {};
  const leave: SiteNavigate = (path) => {
    if (!takeOverPage()) return;
    island.left = true;
    void import("./fullApp").then(async ({ renderApp }) => {
      island.popup?.root.unmount();
      island.popup?.holder.remove();
      island.form?.unmount();
      history.pushState(null, "", path);
      await renderApp(root);
      const target = new URL(path, location.href).hash.slice(1);
      const element = target ? document.getElementById(decodeURIComponent(target)) : null;
      document.getElementById("main")?.focus({ preventScroll: true });
      if (element) element.scrollIntoView();
      else window.scrollTo(0, 0);
    });
  };
  const inIsland = (children: ReactNode) => (
    <StrictMode>
      <NavigationContext value={leave}>{children}</NavigationContext>
    </StrictMode>
  );

  enhanceStaticPage(root, leave);
  showCookieSettingsOnRequest(island, inIsland);
  // A step whose code comes in a chunk of its own (the business address) is fetched first, so it is taken over
  // with the rest of the form rather than after it.
  await preloadStepKind(main.querySelector<HTMLElement>("[data-step-kind]")?.dataset.stepKind ?? "").catch(() => undefined);
  const shown = nextShown("page");
  // The same tree as the route drew on the server: a Suspense boundary around the error boundary and the page.
  // Hydrated at once, not as a transition: a tap that lands while React takes the form over must not be lost.
  island.form = hydrateRoot(
    main,
    inIsland(
      <Suspense>
        <QuoteErrorBoundary key={flow.id}>
          <ServedStepContext value={served}>
            <QuotePage flowId={flow.id} version={version} />
          </ServedStepContext>
        </QuoteErrorBoundary>
        <Hydrated part="page" />
      </Suspense>,
    ),
  );
  await shown;
}

interface Island {
  form?: Root;
  popup?: { root: Root; holder: HTMLElement };
  left?: boolean;
}

/** The cookie settings popup, in a root of its own while it is open (the app draws it once it has taken over). */
function showCookieSettingsOnRequest(island: Island, inIsland: (children: ReactNode) => ReactNode): void {
  const show = () => {
    if (island.left) return;
    if (cookieSettings.isOpen() && !island.popup) {
      const holder = document.body.appendChild(document.createElement("div"));
      const popup = { root: createRoot(holder), holder };
      island.popup = popup;
      void import("./consent/ConsentPopup").then(({ default: ConsentPopup }) => {
        if (island.popup === popup) popup.root.render(inIsland(<ConsentPopup onClose={cookieSettings.close} />));
      });
    } else if (!cookieSettings.isOpen() && island.popup) {
      const { root, holder } = island.popup;
      island.popup = undefined;
      // Not inside the popup's own event handler, which is what closes it.
      queueMicrotask(() => {
        root.unmount();
        holder.remove();
      });
    }
  };
  cookieSettings.subscribe(show);
  show();
}
