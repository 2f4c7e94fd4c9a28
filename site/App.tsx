/** The site's routes. Pages load lazily; the pre-rendered HTML stays until a page's code has arrived. */
import { lazy, use } from "react";
import { Route, Routes, useLocation } from "react-router";
import { SiteLayout } from "./layout/SiteLayout";
import { QuoteErrorBoundary } from "./quote/QuoteErrorBoundary";
import type { FlowSummary } from "./quote/flowSummary";
import { servedFlows } from "./quote/publishedFlows";
import { ServedVersionContext, versionFromServer } from "./quote/servedVersion";
import { quotePath } from "../engine/core/quotePaths";

const QuotePage = lazy(() => import("./pages/QuotePage"));
const ContentRoute = lazy(() => import("./pages/ContentRoute"));

/** A quote page in the version being pre-rendered, else (drawn in the browser by the app) the one the server chooses for the visit. */
function QuoteRoute({ flow }: { flow: FlowSummary }) {
  const served = use(ServedVersionContext);
  return served !== undefined || typeof window === "undefined" ? (
    <QuoteInVersion flow={flow} version={served ?? flow.defaultVersion} />
  ) : (
    <QuoteAsServed flow={flow} />
  );
}

function QuoteAsServed({ flow }: { flow: FlowSummary }) {
  const { search } = useLocation();
  return <QuoteInVersion flow={flow} version={use(versionFromServer(flow, search))} />;
}

function QuoteInVersion({ flow, version }: { flow: FlowSummary; version: number }) {
  return (
    <QuoteErrorBoundary key={flow.id}>
      <QuotePage flowId={flow.id} version={version} />
    </QuoteErrorBoundary>
  );
}

export function App() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {servedFlows().map((flow) => (
          <Route
            key={flow.id}
            path={quotePath(flow.path)}
            element={<QuoteRoute flow={flow} />}
          />
        ))}
        <Route
          path="*"
          element={<ContentRoute />}
        />
      </Route>
    </Routes>
  );
}
