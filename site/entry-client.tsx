/**
 * The script every page loads first. It records campaign attribution and listens for cookie choices, then:
 * a quote page (and the live preview's empty page) starts the React app at once; any other page stays the
 * server's HTML, its menu, quick starts and offers working without React, until the visitor moves within the
 * site or reaches something React draws (see staticPage.ts), when the app takes the page over.
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
else if (root.querySelector("[data-hydrate-at-once]")) void import("./fullApp").then((app) => app.hydrateApp(root));
else enhanceStaticPage(root);
