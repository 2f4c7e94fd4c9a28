/** The site's routes. Pages load lazily; the pre-rendered HTML stays until a page's code has arrived. */
import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { flows } from "virtual:flow-manifest";
import { SiteLayout } from "./layout/SiteLayout";

const HomePage = lazy(() => import("./pages/HomePage"));
const QuotePage = lazy(() => import("./pages/QuotePage"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage"));

/** Every pre-rendered path (the 404 page is rendered separately). */
export const staticPaths = ["/", ...flows.map((flow) => `/quote/${flow.path ? `${flow.path}/` : ""}`)];

export function App() {
  return (
    <Suspense>
      <Routes>
        <Route element={<SiteLayout />}>
          <Route index element={<HomePage />} />
          {flows.map((flow) => (
            <Route key={flow.id} path={`quote/${flow.path}`} element={<QuotePage key={flow.id} flowId={flow.id} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
