/** The flow studio (served by the live preview only): mounts its pages into #studio. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { StudioRoutes } from "./StudioRoutes";
import "./studio.css";

// The preview reloads its pages when a file in the forms folder changes; the studio reads the files itself and must
// keep the draft, so it turns the reload into one for a page that is not this one (Vite then leaves this page alone).
import.meta.hot?.on("vite:beforeFullReload", (payload: { path?: string }) => {
  payload.path = "/studio/keeps-its-draft.html";
});

const root = document.getElementById("studio");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <StudioRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
}
