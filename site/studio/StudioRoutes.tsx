/** The studio's pages by address: the list of flows, a version, and the phone preview's frame. */
import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { FlowList } from "./FlowList";
import { NotFound } from "./NotFound";
import { VersionPage } from "./VersionPage";

const PreviewPage = lazy(() => import("./PreviewPage").then((module) => ({ default: module.PreviewPage })));

export function StudioRoutes() {
  return (
    <Routes>
      <Route path="/studio/" element={<FlowList />} />
      <Route path="/studio/preview/" element={<Suspense fallback={null}><PreviewPage /></Suspense>} />
      <Route path="/studio/:flow/:version" element={<VersionPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
