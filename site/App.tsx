/** The site's routes. Pages load lazily; the pre-rendered HTML stays until a page's code has arrived. */
import { lazy, use } from "react";
import { Route, Routes } from "react-router";
import { flows } from "virtual:flow-manifest";
import { Preload } from "./head";
import { SiteLayout } from "./layout/SiteLayout";
import { QuoteErrorBoundary } from "./quote/QuoteErrorBoundary";
import type { FlowSummary } from "./quote/flowSummary";
import { ServedVersionContext, versionWithoutServer } from "./quote/servedVersion";
import { quotePath } from "./quotePaths";

const QuotePage = lazy(() => import("./pages/QuotePage"));
const ContentRoute = lazy(() => import("./pages/ContentRoute"));

/** A quote page in the version being pre-rendered, else (drawn without the server's HTML) the one `?v=` names. */
function QuoteRoute({ flow }: { flow: FlowSummary }) {
  const served = use(ServedVersionContext);
  const version = served ?? (typeof window === "undefined" ? flow.defaultVersion : versionWithoutServer(flow, window.location.search));
  return (
    <>
      <Preload ids={["quoteIsland.tsx", `../forms/${flow.id}/v${version}.json`]} />
      <QuoteErrorBoundary key={flow.id}>
        <QuotePage flowId={flow.id} version={version} />
      </QuoteErrorBoundary>
    </>
  );
}

export function App() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {flows.map((flow) => (
          <Route
            key={flow.id}
            path={quotePath(flow.path)}
            element={<QuoteRoute flow={flow} />}
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
