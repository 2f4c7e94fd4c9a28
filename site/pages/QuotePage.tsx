/** A quote page: one flow, its version chosen per visit, drawn by the engine's renderer. */
import { startTransition, use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { flows, loaders } from "virtual:flow-manifest";
import { walkPastAnswered } from "../../engine/core/walkFlow";
import type { Answers, FlowDocument } from "../../engine/core/types";
import { QuoteFlow } from "../../engine/react/QuoteFlow";
import type { FlowSnapshot, QuoteFlowEvent } from "../../engine/react/types";
import { PageHead } from "../head";
import { SiteLink, useSiteNavigate } from "../navigation";
import { chooseVersion } from "../quote/chooseVersion";
import { pinVersion, pinnedVersion } from "../quote/versionPin";
import { dataLayerListener } from "../quote/flowEvents";
import { funnelEvent, sendFunnelEvent, withRequestedVersion } from "../quote/funnelBeacon";
import { createFlowServices, takeCarryOver } from "../quote/flowServices";
import { Honeypot } from "../quote/Honeypot";
import { PhoneStatus } from "../quote/PhoneStatus";
import { QUOTE_CRUMB } from "../quotePaths";
import { choiceTappedBeforeScripts, isTestMode, prefillFromQuery } from "../quote/prefill";
import { clearSnapshot, readSnapshot, saveSnapshot } from "../quote/resume";
import { setTestVisit } from "../tracking/dataLayer";

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
  testMode: boolean;
  unknownRequestedVersion?: string;
  /** Where to start: a reload's snapshot, or past questions the query answered, with the known answers. */
  resume?: FlowSnapshot;
  /** 0 for the pre-rendered default; 1 once the query, carried answers and any snapshot are applied. */
  generation: number;
  /** Where Back on the first step goes: the chooser this flow was entered from, with the pick kept. */
  back?: string;
}

/** Where this visit starts: where a reload left off, else past the questions the query (or a hand-over) answered. */
function startingPoint(flow: FlowDocument, given: Answers): FlowSnapshot {
  const saved = readSnapshot(flow.id, flow.version);
  if (saved) return { ...saved, answers: { ...saved.answers, ...given } };
  const walk = walkPastAnswered(flow, given);
  return { stepId: walk.stepId, history: walk.history, answers: given };
}

export default function QuotePage({ flowId }: { flowId: string }) {
  const summary = flows.find((f) => f.id === flowId);
  if (!summary) throw new Error(`No quote flow "${flowId}"`);
  const [visit, setVisit] = useState<Visit>({ version: summary.defaultVersion, testMode: false, generation: 0 });
  const navigate = useSiteNavigate();

  // The page is pre-rendered with the default version and no answers; the visit's own choices apply after hydration.
  useEffect(() => {
    let live = true;
    const params = new URLSearchParams(window.location.search);
    // Read now, before the visit's version replaces the pre-rendered step; it counts as the first answer.
    const tapped = choiceTappedBeforeScripts();
    const choice = chooseVersion(summary, params.get("v"), Math.random(), pinnedVersion(flowId));
    if (choice.drawn) pinVersion(flowId, choice.version);
    const testMode = isTestMode(params);
    if (testMode) setTestVisit(true);
    void loadFlow(flowId, choice.version).then((flow) => {
      if (!live) return;
      const carried = takeCarryOver(flowId);
      const given = { ...carried.answers, ...prefillFromQuery(flow, params), ...prefillFromQuery(flow, tapped) };
      startTransition(() =>
        setVisit({
          version: choice.version,
          testMode,
          ...(choice.unknownRequested ? { unknownRequestedVersion: choice.unknownRequested } : {}),
          resume: startingPoint(flow, given),
          generation: 1,
          ...(carried.back ? { back: carried.back } : {}),
        }),
      );
    });
    return () => {
      live = false;
    };
  }, [summary, flowId]);

  const flow = use(loadFlow(flowId, visit.version));
  const services = useMemo(
    () =>
      createFlowServices(
        () => ({
          testMode: visit.testMode,
          ...(visit.unknownRequestedVersion ? { unknownRequestedVersion: visit.unknownRequestedVersion } : {}),
        }),
        (path) => navigate(path),
        (id) => flows.find((f) => f.id === id)?.path,
      ),
    [visit.testMode, visit.unknownRequestedVersion, navigate],
  );

  // Progress is kept for a reload until the lead is in; after that, a reload starts afresh.
  const leadIn = useRef(false);
  const unknownVersionCounted = useRef(false);
  const onSnapshot = useCallback(
    (snapshot: FlowSnapshot) => {
      if (visit.generation > 0 && !leadIn.current) saveSnapshot(flow.id, flow.version, snapshot);
    },
    [flow, visit.generation],
  );
  const onEvent = useMemo(() => {
    const push = dataLayerListener(flow);
    return (event: QuoteFlowEvent) => {
      if (event.type === "leadSuccess") {
        leadIn.current = true;
        clearSnapshot(flow.id, flow.version);
      }
      // The pre-rendered first step is not a visit's step until the visit's version is known.
      if (visit.generation === 0) return;
      push(event);
      const counted = funnelEvent(flow, event);
      if (!counted || visit.testMode) return;
      // The visit's first step says once which unknown ?v= it asked for (listed on /dev/flows/).
      const unknown = counted.event === "step" && !unknownVersionCounted.current ? visit.unknownRequestedVersion : undefined;
      if (unknown) unknownVersionCounted.current = true;
      sendFunnelEvent(unknown ? withRequestedVersion(counted, unknown) : counted);
    };
  }, [flow, visit.generation, visit.testMode, visit.unknownRequestedVersion]);

  return (
    // data-ready: the visit's version, query answers and any resumed progress are applied (the pre-rendered page has none).
    // data-hydrate-at-once: the page's code starts as soon as it arrives (other pages wait until they are used).
    <div className="container narrow quote-page" data-hydrate-at-once="" data-ready={visit.generation > 0 || undefined}>
      <PageHead
        title={flow.title}
        description={`${flow.title}: answer a few quick questions and get quotes from UK suppliers. Free, with no obligation.`}
        path={`/quote/${flow.path ? `${flow.path}/` : ""}`}
      />
      {/* Home › Get a quote, drawn here: the site map and the crumbs' JSON-LD would add to the quote page's first load. */}
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <SiteLink to="/">Home</SiteLink>
          </li>
          <li aria-current="page">{QUOTE_CRUMB}</li>
        </ol>
      </nav>
      <h1 className="quote-page__title">{flow.title}</h1>
      <PhoneStatus service={flow.serviceType} />
      <noscript>
        <p className="notice">This quote form needs JavaScript. Please turn it on, or call us and we will take your details by phone.</p>
      </noscript>
      <Honeypot />
      <QuoteFlow
        key={`${flow.id}@${flow.version}#${visit.generation}`}
        flow={flow}
        services={services}
        {...(visit.resume ? { resume: visit.resume, initialAnswers: visit.resume.answers } : {})}
        onSnapshot={onSnapshot}
        onEvent={onEvent}
        {...(visit.back ? { onBackAtStart: () => navigate(visit.back!) } : {})}
      />
    </div>
  );
}
