/** The generic renderer: draws any flow document step by step, with progress, Back/Next and error summary. */
import { Suspense, useEffect, useReducer, useRef } from "react";
import { pickAnswers } from "../core/answers";
import { SOMETHING_WENT_WRONG } from "../core/messages";
import { stepFields } from "../core/stepFields";
import { nextMove, progress, stepById } from "../core/walkFlow";
import type { Answers, FieldError, FlowDocument, Step } from "../core/types";
import { ErrorSummary } from "./ErrorSummary";
import { STEP_FORM_ID } from "./fieldIds";
import { initialState, quoteFlowReducer, type QuoteFlowState } from "./quoteFlowState";
import { preloadFormStep, preloadLaterSteps, stepRegistry } from "./registry";
import type { FlowServices, FlowSnapshot, LeadResponse, QuoteFlowEvent, StepComponent, StepProps } from "./types";

/** The heading of a success step that does not set its own. */
export const SUCCESS_HEADING = "Thank you – your quote request is in";

/** Shown when the lead could not be sent (network failure or an unexpected answer). */
export const SUBMIT_FAILED_MESSAGE = SOMETHING_WENT_WRONG;

/** Response codes after which the visitor sees the success step. */
const ACCEPTED_CODES = new Set(["0", "1", "2", "5", "6", "7", "8", "9", "10", "99", "100"]);

export interface QuoteFlowProps {
  flow: FlowDocument;
  services: FlowServices;
  /** Answers known before the first step: query prefill, or carried over from another flow. */
  initialAnswers?: Answers;
  /** Where to resume (a reload in the middle of a flow); ignored when it names no step of this flow. */
  resume?: FlowSnapshot;
  /** Told of each change of step or answers, to keep a snapshot for resuming. */
  onSnapshot?(snapshot: FlowSnapshot): void;
  /** Told of starts, steps, submissions and leads, for tracking. */
  onEvent?(event: QuoteFlowEvent): void;
  /** Back on the first step: given when this flow was entered from another (the chooser), to return there. */
  onBackAtStart?(): void;
}

/** Draws a flow from its start. Key it by flow id and version: another document starts afresh. */
export function QuoteFlow({ flow, services, initialAnswers, resume, onSnapshot, onEvent, onBackAtStart }: QuoteFlowProps) {
  const [state, dispatch] = useReducer(quoteFlowReducer, undefined, () => initialState(flow, initialAnswers, resume));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const step = stepById(flow, state.walk.stepId);

  useEffect(() => {
    const target = state.focus.target === "heading" ? headingRef.current : state.focus.target === "summary" ? summaryRef.current : null;
    target?.focus();
  }, [state.focus]);

  // The latest answers and listener, read by effects that should fire on a change of step alone.
  const latest = useRef({ answers: state.answers, onEvent });
  latest.current = { answers: state.answers, onEvent };
  const emit = (event: QuoteFlowEvent) => latest.current.onEvent?.(event);
  // Once per step shown: React's development mode runs effects twice on mounting, which would count the first step twice.
  const shownWalk = useRef<QuoteFlowState["walk"] | undefined>(undefined);
  useEffect(() => {
    const { walk } = state;
    if (shownWalk.current === walk) return;
    shownWalk.current = walk;
    emit({ type: "step", stepId: walk.stepId, history: walk.history, manualAddress: latest.current.answers.businessAddressManual === true });
    // On a change of step alone: the answers are read through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.walk]);

  const started = useRef(false);
  const markStarted = () => {
    if (started.current) return;
    started.current = true;
    emit({ type: "start" });
  };

  useEffect(() => {
    onSnapshot?.({ stepId: state.walk.stepId, history: state.walk.history, answers: state.answers });
  }, [state.walk, state.answers, onSnapshot]);

  // Once the visitor has moved on, fetch the later steps, the form library and validators, so no step waits.
  const movedOn = state.walk.history.length > 0;
  useEffect(() => {
    if (!movedOn) return;
    preloadLaterSteps().catch(() => undefined);
    if (flow.steps.some((s) => s.kind === "form")) {
      preloadFormStep().then((module) => module.preloadValidators(services, flow), () => undefined);
    }
  }, [movedOn, flow, services]);

  const onNext = async (patch: Answers) => {
    markStarted();
    const answers = { ...state.answers, ...patch };
    if (typeof patch.serviceType === "string") emit({ type: "serviceTypeChosen", serviceType: patch.serviceType });
    let result: LeadResponse | undefined;
    if ("submit" in step && step.submit) {
      dispatch({ type: "change", patch });
      dispatch({ type: "busy", busy: true });
      const manual = answers.businessAddressManual === true;
      result = await services.submitLead(flow, answers).catch(() => undefined);
      emit({
        type: "submit",
        code: result?.code ?? "0",
        manualAddress: manual,
        ...(!result ? { error: "network" } : result.errors?.length ? { error: result.errors.map((e) => e.field).join(",") } : {}),
      });
      if (!result || !ACCEPTED_CODES.has(result.code)) return rejectLead(result);
      emit({ type: "leadSuccess", result, answers, manualAddress: manual });
    }
    const move = nextMove(step, answers);
    if (move.type === "step") dispatch({ type: "advance", patch, to: move.stepId, ...(result ? { result } : {}) });
    else if (move.type === "flow") services.startFlow(move.flowId, answers, { flowId: flow.id, answers: pickAnswers(answers, stepFields(step, answers)) });
  };

  const rejectLead = (result: LeadResponse | undefined) => {
    const errors: FieldError[] = result?.errors?.length ? result.errors : [{ field: "form", message: result?.message ?? SUBMIT_FAILED_MESSAGE }];
    const earlier = errors.find((e) => e.step && e.step !== step.id && state.walk.history.includes(e.step));
    if (earlier?.step) dispatch({ type: "returnTo", stepId: earlier.step, errors: errors.filter((e) => e.step === earlier.step) });
    else dispatch({ type: "errors", errors });
  };

  const Component = stepRegistry[step.kind] as StepComponent<Step["kind"]>;
  // Once the lead is in there is no going back to change it, and nothing left to measure progress by.
  const isEnd = step.kind === "success" || state.result !== undefined;
  const isSubmit = "submit" in step && Boolean(step.submit);
  const answered = stepFields(step, state.answers).some((f) => (state.answers as Record<string, unknown>)[f] !== undefined);
  const percent = Math.round(progress(flow, state.walk, state.answers) * 100);
  const headingId = `step-heading-${step.id}`;

  const props: StepProps<Step["kind"]> = {
    step,
    flow,
    answers: state.answers,
    errors: state.errors.filter((e) => !e.step || e.step === step.id),
    headingId,
    nextLabel: isSubmit && "submitLabel" in step && step.submitLabel ? step.submitLabel : "Next",
    busy: state.busy,
    services,
    ...(state.result ? { result: state.result } : {}),
    onChange: (patch) => {
      markStarted();
      dispatch({ type: "change", patch });
    },
    onNext: (patch) => void onNext(patch),
    onErrors: (errors) => dispatch({ type: "errors", errors }),
  };

  return (
    <div className="quote-flow" data-flow={flow.id} data-version={flow.version} data-step={step.id}>
      {!isEnd && (
        <div className="quote-flow__bar">
          {state.walk.history.length > 0 || onBackAtStart ? (
            <button
              type="button"
              className="lozenge lozenge--back"
              onClick={() => (state.walk.history.length > 0 ? dispatch({ type: "back" }) : onBackAtStart?.())}
            >
              Back
            </button>
          ) : (
            <span className="lozenge-spacer" />
          )}
          <div
            className="progress"
            role="progressbar"
            aria-label="Progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}% complete`}
          >
            <div className="progress__fill" style={{ width: `${percent}%` }} />
          </div>
          {answered && !isSubmit ? (
            <button type="submit" form={STEP_FORM_ID} className="lozenge lozenge--next">
              Next
            </button>
          ) : (
            <span className="lozenge-spacer" />
          )}
        </div>
      )}
      <ErrorSummary errors={state.errors} ref={summaryRef} />
      <h2 className="step-heading" id={headingId} tabIndex={-1} ref={headingRef}>
        {step.kind === "success" ? (step.question ?? SUCCESS_HEADING) : step.question}
      </h2>
      {"hint" in step && step.hint && <p className="step-hint">{step.hint}</p>}
      <Suspense fallback={<p role="status">Loading…</p>}>
        <Component key={`${flow.id}@${flow.version}/${step.id}`} {...props} />
      </Suspense>
    </div>
  );
}
