/** The site's routes. Pages load lazily; the pre-rendered HTML stays until a page's code has arrived. */
import { lazy } from "react";
import { Route, Routes } from "react-router";
import { flows } from "virtual:flow-manifest";
import { Preload } from "./head";
import { SiteLayout } from "./layout/SiteLayout";
import { QuoteErrorBoundary } from "./quote/QuoteErrorBoundary";
import { quotePath } from "./quotePaths";

const QuotePage = lazy(() => import("./pages/QuotePage"));
const ContentRoute = lazy(() => import("./pages/ContentRoute"));

export function App() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {flows.map((flow) => (
          <Route
            key={flow.id}
            path={quotePath(flow.path)}
            element={
              <>
                <Preload ids={["quoteIsland.tsx", `../forms/${flow.id}/v${flow.defaultVersion}.json`]} />
                <QuoteErrorBoundary key={flow.id}>
                  <QuotePage flowId={flow.id} />
                </QuoteErrorBoundary>
              </>
            }
          />
        ))}
        <Route
          path="*"
          element={
            <>
              <Preload ids={["pages/ContentRoute.tsx"]} />
              <ContentRoute />
            </>
          }
        />
      </Route>
    </Routes>
  );
}
