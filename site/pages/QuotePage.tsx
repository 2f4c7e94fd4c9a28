/** A quote page: one flow, its version chosen per visit, drawn by the engine's renderer. */
import { startTransition, use, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { flows, loaders } from "virtual:flow-manifest";
import { isUkPostcode } from "../../engine/core/formats/ukPostcode";
import type { Answers, FlowDocument } from "../../engine/core/types";
import { QuoteFlow } from "../../engine/react/QuoteFlow";
import { PageHead } from "../head";
import { chooseVersion } from "../quote/chooseVersion";
import { createFlowServices, takeCarriedAnswers } from "../quote/flowServices";

const documents = new Map<string, Promise<FlowDocument>>();

/** A flow version's document, loaded once (React's `use` needs the same promise on every render). */
function loadFlow(flowId: string, version: number): Promise<FlowDocument> {
  const key = `${flowId}@${version}`;
  let promise = documents.get(key);
  if (!promise) {
    const load = loaders[flowId]?.[version];
    promise = load ? load() : Promise.reject(new Error(`No quote flow ${key}`));
    documents.set(key, promise);
  }
  return promise;
}

interface Visit {
  version: number;
  answers: Answers;
  testMode: boolean;
  unknownRequestedVersion?: string;
  /** 0 for the pre-rendered default; 1 once the query and carried answers are applied. */
  generation: number;
}

/** Answers the query can give: `postcode` fills (and so looks up) the address step. */
export function prefillFromQuery(params: URLSearchParams): Answers {
  const postcode = params.get("postcode")?.trim();
  return postcode && isUkPostcode(postcode) ? { postcode: postcode.toUpperCase() } : {};
}

/** `tm` marks a test visit: any value but "0" or "false". */
export function isTestMode(params: URLSearchParams): boolean {
  const tm = params.get("tm");
  return tm !== null && tm !== "0" && tm.toLowerCase() !== "false";
}

export default function QuotePage({ flowId }: { flowId: string }) {
  const summary = flows.find((f) => f.id === flowId);
  if (!summary) throw new Error(`No quote flow "${flowId}"`);
  const [visit, setVisit] = useState<Visit>({ version: summary.defaultVersion, answers: {}, testMode: false, generation: 0 });
  const navigate = useNavigate();

  // The page is pre-rendered with the default version and no answers; the visit's own choices apply after hydration.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const choice = chooseVersion(summary, params.get("v"));
    const answers = { ...takeCarriedAnswers(flowId), ...prefillFromQuery(params) };
    startTransition(() =>
      setVisit({
        version: choice.version,
        answers,
        testMode: isTestMode(params),
        ...(choice.unknownRequested ? { unknownRequestedVersion: choice.unknownRequested } : {}),
        generation: 1,
      }),
    );
  }, [summary, flowId]);

  const flow = use(loadFlow(flowId, visit.version));
  const services = useMemo(
    () =>
      createFlowServices(
        { testMode: visit.testMode, ...(visit.unknownRequestedVersion ? { unknownRequestedVersion: visit.unknownRequestedVersion } : {}) },
        (path) => void navigate(path),
        (id) => flows.find((f) => f.id === id)?.path,
      ),
    [visit.testMode, visit.unknownRequestedVersion, navigate],
  );

  return (
    <div className="container narrow quote-page">
      <PageHead
        title={flow.title}
        description={`${flow.title}: answer a few quick questions and get quotes from UK suppliers. Free, with no obligation.`}
        path={`/quote/${flow.path ? `${flow.path}/` : ""}`}
      />
      <h1 className="quote-page__title">{flow.title}</h1>
      <noscript>
        <p className="notice">This quote form needs JavaScript. Please turn it on, or call us and we will take your details by phone.</p>
      </noscript>
      <QuoteFlow key={`${flow.id}@${flow.version}#${visit.generation}`} flow={flow} services={services} initialAnswers={visit.answers} />
    </div>
  );
}
