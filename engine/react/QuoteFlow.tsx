/** The generic renderer: draws any flow document step by step, with the step count, Back/Next and error summary. */
import { Suspense, useEffect, useMemo, useRef } from "react";
import { quoteFlowView } from "../core/quoteFlowView";
import { stepHref } from "../core/servedStep";
import { PlainPageContext, type PlainPage } from "./StepForm";
import type { Answers, Step } from "../core/types";
import { ErrorSummary } from "./ErrorSummary";
import { STEP_FORM_ID } from "./fieldIds";
import { preloadLaterSteps, stepPreloads, stepRegistry } from "./registry";
import type { QuoteFlowProps, StepComponent, StepProps } from "./types";
import { useQuoteFlow } from "./useQuoteFlow";

/**
 * The Back lozenge: a button of a small GET form to the previous step's address (its query as hidden fields), so it
 * works without scripts and asks nothing of the step's own form; with scripts, the flow moves back in the page.
 */
function BackButton({ href, onBack }: { href: string | undefined; onBack(): void }) {
  const target = href === undefined ? undefined : new URL(href, "http://page.invalid");
  return (
    <form method="get" className="lozenge-form" {...(href?.startsWith("/") ? { action: target!.pathname } : {})}>
      {[...(target?.searchParams ?? [])].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className="lozenge lozenge--back"
        onClick={(event) => {
          event.preventDefault();
          onBack();
        }}
      >
        Back
      </button>
    </form>
  );
}

/**
 * Draws a flow from its start. Key it by flow id and version: another document starts afresh. What happens on
 * each answer is decided by the flow's state machine (engine/core/quoteFlow.ts); this draws it.
 */
export function QuoteFlow(props: QuoteFlowProps) {
  const { flow, services, onSnapshot, served } = props;
  const [state, send] = useQuoteFlow(props);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const view = quoteFlowView(state);
  const { step, count } = view;

  useEffect(() => {
    const target = state.focus.target === "heading" ? headingRef.current : state.focus.target === "summary" ? summaryRef.current : null;
    target?.focus();
  }, [state.focus]);

  useEffect(() => {
    onSnapshot?.({ stepId: state.walk.stepId, history: state.walk.history, answers: state.answers });
  }, [state.walk, state.answers, onSnapshot]);

  // Once the visitor has moved on, fetch the later steps, the form library and validators, so no step waits.
  const movedOn = state.walk.history.length > 0;
  useEffect(() => {
    if (!movedOn) return;
    preloadLaterSteps().catch(() => undefined);
    for (const kind of new Set(flow.steps.map((s) => s.kind))) stepPreloads[kind]?.(services, flow).catch(() => undefined);
  }, [movedOn, flow, services]);

  const plainPage = useMemo<PlainPage>(
    () => ({
      ...(served ? { revision: served.revision, query: served.query, ...(served.lookup ? { lookup: served.lookup } : {}) } : { revision: 0, query: "" }),
      version: flow.version,
    }),
    [served, flow.version],
  );
  // Back goes to the previous step's address, so it works without scripts; the script moves back itself.
  const previous = state.walk.history.at(-1);
  const backHref = previous !== undefined ? stepHref(previous, plainPage.query) : props.backAtStartHref;
  // A page the server drew for a step: without scripts, the browser puts focus where the script would.
  const autoFocus = served ? { autoFocus: true } : {};

  const Component = stepRegistry[step.kind] as StepComponent<Step["kind"]>;
  const headingId = `step-heading-${step.id}`;
  const stepText = `Step ${count.number} of ${count.total}`;

  const stepProps: StepProps<Step["kind"]> = {
    step,
    flow,
    answers: state.answers,
    errors: state.errors.filter((e) => !e.step || e.step === step.id),
    headingId,
    nextLabel: view.nextLabel,
    busy: state.busy,
    services,
    ...(state.result ? { result: state.result } : {}),
    onChange: (patch: Answers) => send({ type: "change", patch }),
    onNext: (patch: Answers) => send({ type: "next", patch }),
    onErrors: (errors) => send({ type: "errors", errors }),
    onUpsell: (flowId: string) => send({ type: "switchService", flowId }),
  };

  return (
    <PlainPageContext value={plainPage}>
    <div className="quote-flow" data-flow={flow.id} data-version={flow.version} data-step={step.id} data-step-kind={step.kind}>
      {!view.ended && (
        <div className="quote-flow__bar">
          {view.back ? (
            <BackButton href={backHref} onBack={() => send({ type: "back", historyState: window.history.state })} />
          ) : (
            <span className="lozenge-spacer" />
          )}
          <div className="quote-flow__count">
            <p className="quote-flow__count-text" aria-hidden="true">
              {stepText}
            </p>
            <div
              className="progress"
              role="progressbar"
              aria-label="Progress"
              aria-valuemin={0}
              aria-valuemax={count.total}
              aria-valuenow={count.number}
              aria-valuetext={stepText}
            >
              <div className="progress__fill" style={{ width: `${Math.round((count.number / count.total) * 100)}%` }} />
            </div>
          </div>
          {view.nextLozenge ? (
            <button type="submit" form={STEP_FORM_ID} className="lozenge lozenge--next">
              Next
            </button>
          ) : (
            <span className="lozenge-spacer" />
          )}
        </div>
      )}
      <ErrorSummary errors={state.errors} ref={summaryRef} {...(state.errors.length > 0 ? autoFocus : {})} />
      <h2 className="step-heading" id={headingId} tabIndex={-1} ref={headingRef} {...(state.errors.length === 0 ? autoFocus : {})}>
        {view.heading}
      </h2>
      {"hint" in step && step.hint && <p className="step-hint">{step.hint}</p>}
      <Suspense fallback={<p role="status">Loading…</p>}>
        <Component key={`${flow.id}@${flow.version}/${step.id}`} {...stepProps} />
      </Suspense>
    </div>
    </PlainPageContext>
  );
}
