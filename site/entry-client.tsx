import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { listenForConsentActions } from "./consent/consentActions";
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
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
// Built pages are pre-rendered and hydrated; the live preview serves the page empty, to be drawn here.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
