/** The studio's pages by address: the list of flows, a version, and the phone preview's frame. */
import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { WithAnalystsHeader } from "./AnalystsHeader";
import { FlowList } from "./FlowList";
import { NotFound } from "./NotFound";
import { VersionPage } from "./VersionPage";
import { PREVIEW_PATH } from "./previewMessages";
import { LIVE, STUDIO_HOME } from "./studioPlace";
import { LiveVersionPage } from "./LiveVersionPage";

const PreviewPage = lazy(() => import("./PreviewPage").then((module) => ({ default: module.PreviewPage })));

export function StudioRoutes() {
  return (
    <Routes>
      <Route path={PREVIEW_PATH} element={<Suspense fallback={null}><PreviewPage /></Suspense>} />
      <Route element={<WithAnalystsHeader />}>
        <Route path={STUDIO_HOME} element={<FlowList />} />
        <Route path={`${STUDIO_HOME}:flow/:version`} element={LIVE ? <LiveVersionPage /> : <VersionPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
