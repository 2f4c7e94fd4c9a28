/** The flow studio (served by the live preview only): mounts its pages into #studio. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { StudioRoutes } from "./StudioRoutes";
import "./studio.css";

// A studio page opened while a flow has errors is sent the flows' overlay as it connects, before it can ask to be
// left out; the studio shows those findings itself, beside their steps, so it takes that overlay down, whether it
// came before this module ran or comes after (Vite draws it just after telling its listeners). Faults in the
// studio's own code keep theirs.
document.querySelector("vite-error-overlay")?.remove();
import.meta.hot?.on("vite:error", (payload: { err: { plugin?: string } }) => {
  if (payload.err.plugin === "flow-checks") setTimeout(() => document.querySelector("vite-error-overlay")?.remove());
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
