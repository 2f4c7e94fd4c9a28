/** A quote page: one flow in the version the server chose for the visit, drawn by the engine's renderer. */
import { startTransition, use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { loaders } from "virtual:flow-manifest";
import { stepFields } from "../../engine/core/stepFields";
import { walkPastAnswered } from "../../engine/core/walkFlow";
import type { Answers, FlowDocument } from "../../engine/core/types";
import { QuoteFlow } from "../../engine/react/QuoteFlow";
import type { FlowSnapshot, QuoteFlowEvent } from "../../engine/react/types";
import { PageHead } from "../head";
import { SiteLink, useSiteNavigate } from "../navigation";
import { hasAnalyticsConsent, hasChosenConsent } from "../consent/consentState";
import { isCountedVisit, ServedStepContext, VERSION_ATTRIBUTE } from "../quote/servedVersion";
import { STEP_PARAM } from "../../engine/core/servedStep";
import { dataLayerListener } from "../quote/flowEvents";
import { sendStepEvent, stepEvent } from "../quote/funnelBeacon";
import { createFlowServices, takeCarryOver } from "../quote/flowServices";
import { publishedDocument, servedFlows } from "../quote/publishedFlows";
import { Honeypot } from "../quote/Honeypot";
import { PhoneStatus } from "../quote/PhoneStatus";
import { QUOTE_CRUMB } from "../quote/quoteCrumb";
import { choiceTappedBeforeScripts, isTestMode, prefillFromQuery, tappedAnswer } from "../quote/prefill";
import { clearSnapshot, readSnapshot, saveSnapshot } from "../quote/resume";
import { setTestVisit } from "../tracking/dataLayer";

const documents = new Map<string, Promise<FlowDocument>>();

/** A flow version's document, loaded once (React's `use` needs the same promise on every render). */
function loadFlow(flowId: string, version: number): Promise<FlowDocument> {
  const key = `${flowId}@${version}`;
  let promise = documents.get(key);
  if (!promise) {
    // The page carries its version's document (server/versionPages/): a version the build knew loads no chunk for it either.
    const inPage = publishedDocument(flowId, version);
    const load = loaders[flowId]?.[version];
    promise = inPage ? Promise.resolve(inPage) : load ? load() : Promise.reject(new Error(`No quote flow ${key}`));
    documents.set(key, promise);
  }
  return promise;
}

interface Visit {
  testMode: boolean;
  /** A `?v=` that named no version (the server sent the default), kept with the lead. */
  unknownRequestedVersion?: string;
  /** Counted in the experiment: served by chance (no `?v=`), no test, and the visitor has not objected. */
  counted: boolean;
  /** Where to start when it is not the first step as drawn: a reload's snapshot, or past questions the query answered. */
  resume?: FlowSnapshot;
  /** The query, carried answers and any snapshot are applied (the server's HTML has none of them). */
  ready: boolean;
  /** Where Back on the first step goes: the chooser this flow was entered from, with the pick kept. */
  back?: string;
}

/** Where this visit starts, when not at the first step as drawn: where a reload left off, else past the questions already answered. */
function startingPoint(flow: FlowDocument, given: Answers): FlowSnapshot | undefined {
  const saved = readSnapshot(flow.id, flow.version);
  if (saved) return { ...saved, answers: { ...saved.answers, ...given } };
  if (Object.keys(given).length === 0) return undefined;
  const walk = walkPastAnswered(flow, given);
  return { stepId: walk.stepId, history: walk.history, answers: given };
}

/**
 * The visit starts where the server's page stands, and its answers are all for later steps: the first step, with no
 * steps behind it, none of whose own fields is answered (a step with answers of its own is drawn with them).
 */
function startsAtDrawnStep(flow: FlowDocument, start: FlowSnapshot): boolean {
  const drawn = flow.steps.find((s) => s.id === flow.start);
  if (!drawn || start.stepId !== flow.start || start.history.length > 0) return false;
  return !stepFields(drawn, start.answers).some((field) => field in start.answers);
}

/** The visitor turned analytics off, or their browser asks sites not to track them. */
function refusesCounting(): boolean {
  return (hasChosenConsent() && !hasAnalyticsConsent()) || (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

/** A quote page in the version the server chose for the visit (the markup it sent is that version's). */
export default function QuotePage({ flowId, version }: { flowId: string; version: number }) {
  if (!servedFlows().some((f) => f.id === flowId)) throw new Error(`No quote flow "${flowId}"`);
  const [visit, setVisit] = useState<Visit>({ testMode: false, counted: false, ready: false });
  const navigate = useSiteNavigate();
  // A step past the first the server drew from the visit's kept answers (a quote begun without scripts).
  const served = use(ServedStepContext);

  const flow = use(loadFlow(flowId, version));
  // The server's HTML is the version's first step with no answers; the visit's own query and progress apply in the
  // commit that takes that markup over, before the browser can deliver another tap. Applied any later, a tap in
  // between would answer a step that is then drawn afresh at the visit's starting point, and be lost.
  useLayoutEffect(() => {
    const params = new URLSearchParams(window.location.search);
    // Read before anything can redraw the step; an option tapped before the scripts ran counts as the first answer.
    const tapped = choiceTappedBeforeScripts();
    const testMode = isTestMode(params);
    if (testMode) setTestVisit(true);
    const asked = params.get("v");
    const known: Visit = {
      testMode,
      counted: !testMode && isCountedVisit(window.location.search, refusesCounting()),
      ready: true,
      ...(asked && Number(asked) !== version ? { unknownRequestedVersion: asked } : {}),
    };
    if (served) {
      // The script takes the server's step over as it stands; from here the browser keeps the progress, so the
      // address loses its step (a reload resumes where the script left off, not where the server did).
      const url = new URL(window.location.href);
      url.searchParams.delete(STEP_PARAM);
      window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
      startTransition(() => setVisit(known));
      return;
    }
    const carried = takeCarryOver(flow.id);
    const given = { ...carried.answers, ...prefillFromQuery(flow, params), ...tappedAnswer(flow, tapped) };
    const resume = startingPoint(flow, given);
    if (!resume && !carried.back) {
      // Nothing on screen changes (the visit starts at the step as drawn): the visit is applied in a render of its
      // own after this commit, which a tap interrupts, rather than in the task that takes the page over.
      startTransition(() => setVisit(known));
      return;
    }
    setVisit({ ...known, ...(resume ? { resume } : {}), ...(carried.back ? { back: carried.back } : {}) });
  }, [flow, version, served]);

  const services = useMemo(
    () =>
      createFlowServices(
        () => ({
          testMode: visit.testMode,
          ...(visit.unknownRequestedVersion ? { unknownRequestedVersion: visit.unknownRequestedVersion } : {}),
        }),
        (path) => navigate(path),
        (id) => servedFlows().find((f) => f.id === id)?.path,
        served ? { partners: served.partners.map((p) => p.name), ...(served.deals ? { deals: served.deals } : {}) } : {},
      ),
    [visit.testMode, visit.unknownRequestedVersion, navigate, served],
  );

  // Progress is kept for a reload until the lead is in; after that, a reload starts afresh.
  const leadIn = useRef(false);
  const onSnapshot = useCallback(
    (snapshot: FlowSnapshot) => {
      if (visit.ready && !leadIn.current) saveSnapshot(flow.id, flow.version, snapshot);
    },
    [flow, visit.ready],
  );
  // Events of the step drawn before the visit is known wait for it; a visit that starts elsewhere draws its own.
  const waiting = useRef<QuoteFlowEvent[]>([]);
  const onEvent = useMemo(() => {
    const push = dataLayerListener(flow);
    return (event: QuoteFlowEvent) => {
      if (event.type === "leadSuccess") {
        leadIn.current = true;
        clearSnapshot(flow.id, flow.version);
      }
      if (!visit.ready) {
        waiting.current.push(event);
        return;
      }
      push(event);
      const step = stepEvent(flow, event);
      if (step && visit.counted) sendStepEvent(step);
    };
  }, [flow, visit.ready, visit.counted]);
  // A visit that starts at another step than the one drawn, or with Back to a chooser, draws the flow afresh; answers
  // for later steps (a postcode in the query) join the step on screen as it stands, so a tap under way is not lost.
  const entersElsewhere = !served && (visit.back !== undefined || (visit.resume !== undefined && !startsAtDrawnStep(flow, visit.resume)));
  useEffect(() => {
    if (!visit.ready) return;
    const held = entersElsewhere ? [] : waiting.current;
    waiting.current = [];
    for (const event of held) onEvent(event);
  }, [visit.ready, entersElsewhere, onEvent]);

  // Back on the first step: to the flow this one was entered from (the chooser), as the browser or the server knows it.
  const backAtStart = visit.back ?? served?.back;

  return (
    // data-flow-version: the version this markup shows, chosen by the server; the script takes it over as it is.
    // data-ready: the query answers and any resumed progress are applied (the server's page has none).
    // data-hydrate-at-once: the page's code starts as soon as it arrives (other pages wait until they are used).
    <div className="container narrow quote-page" data-hydrate-at-once="" {...{ [VERSION_ATTRIBUTE]: flow.version }} data-ready={visit.ready || undefined}>
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
      {served?.notice && (
        <p className="notice notice--error" role="alert">
          {served.notice}
        </p>
      )}
      <Honeypot />
      <QuoteFlow
        // Drawn again only for a visit that enters elsewhere than the step the server drew (see `entersElsewhere`).
        key={`${flow.id}@${flow.version}${entersElsewhere ? "#entered" : ""}`}
        flow={flow}
        services={services}
        {...(served ? { served } : {})}
        {...(backAtStart ? { backAtStartHref: backAtStart } : {})}
        {...(visit.resume ? { resume: visit.resume, initialAnswers: visit.resume.answers } : {})}
        onSnapshot={onSnapshot}
        onEvent={onEvent}
        {...(backAtStart ? { onBackAtStart: () => navigate(backAtStart) } : {})}
      />
      {/* Below the form: the line arrives after the page (the partners' answer), and drawn above it, it would move the
          options under a visitor's finger as they tap. */}
      <PhoneStatus service={flow.serviceType} {...(served ? { known: { partners: served.partners, open: served.open } } : {})} />
    </div>
  );
}
