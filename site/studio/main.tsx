/** The flow studio (served by the live preview only): mounts its pages into #studio. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { StudioRoutes } from "./StudioRoutes";
import "./studio.css";

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
