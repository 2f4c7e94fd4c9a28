import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
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

hydrateRoot(
  document.getElementById("root")!,
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
