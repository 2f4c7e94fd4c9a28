/**
 * The script every page loads first. It records campaign attribution and listens for cookie choices, then:
 * the live preview's empty page draws the React app; a quote page hydrates its form alone (quoteIsland.tsx);
 * any other page stays the server's HTML, its menu, quick starts and offers working without React, until the
 * visitor moves within the site or reaches something React draws (staticPage.ts), when the app takes it over.
 */
import { listenForConsentActions } from "./consent/consentActions";
import { enhanceStaticPage } from "./staticPage";
import { setTestVisit, testVisitFromQuery } from "./tracking/dataLayer";
import { startTracking } from "./tracking/trackingStore";
import "./styles/base.css";
import "./styles/site.css";
import "./styles/quote.css";

const testVisit = testVisitFromQuery(new URLSearchParams(location.search));
if (testVisit !== undefined) setTestVisit(testVisit);
startTracking();
listenForConsentActions();

const root = document.getElementById("root")!;
if (!root.firstElementChild) void import("./fullApp").then((app) => app.renderApp(root));
else if (root.querySelector("[data-hydrate-at-once]")) {
  // React DOM first, evaluated in a task of its own, then the form's code: no one long task holds the page.
  void import("react-dom/client")
    .then(() => import("./quoteIsland"))
    .then((island) => island.startQuoteIsland(root));
}
else enhanceStaticPage(root);
// The page's code has started (index.html asked for it after the first paint).
document.documentElement.removeAttribute("data-entry");
