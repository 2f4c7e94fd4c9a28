/** The renderer's state and its pure reducer: where the visitor is, what they answered, what to fix. */
import type { LeadResponse } from "../../schemas/generated/lead";
import type { FlowSnapshot } from "./types";
import { advance, goBack, startWalk, type WalkState } from "../core/walkFlow";
import type { Answers, FieldError, FlowDocument } from "../core/types";

export interface QuoteFlowState {
  walk: WalkState;
  answers: Answers;
  errors: FieldError[];
  busy: boolean;
  result?: LeadResponse;
  /** What should take focus after this render, and a counter so a repeated request still moves focus. */
  focus: { target: "heading" | "summary" | "none"; request: number };
}

export type QuoteFlowAction =
  | { type: "change"; patch: Answers }
  | { type: "errors"; errors: FieldError[] }
  | { type: "advance"; patch: Answers; to: string; result?: LeadResponse }
  | { type: "back" }
  | { type: "busy"; busy: boolean }
  | { type: "returnTo"; stepId: string; errors: FieldError[] };

/**
 * The state at the start of a flow, with any answers already known (prefill, carried over), or where a
 * snapshot left off when every step it names is in this flow.
 */
export function initialState(flow: FlowDocument, answers: Answers = {}, resume?: FlowSnapshot): QuoteFlowState {
  const known = (id: string) => flow.steps.some((s) => s.id === id && s.kind !== "success");
  const walk: WalkState =
    resume && known(resume.stepId) && resume.history.every(known) ? { stepId: resume.stepId, history: resume.history } : startWalk(flow);
  const restored = walk.stepId === resume?.stepId ? { ...resume.answers, ...answers } : answers;
  return { walk, answers: restored, errors: [], busy: false, focus: { target: "none", request: 0 } };
}

export function quoteFlowReducer(state: QuoteFlowState, action: QuoteFlowAction): QuoteFlowState {
  const focus = (target: QuoteFlowState["focus"]["target"]) => ({ target, request: state.focus.request + 1 });
  switch (action.type) {
    case "change":
      return { ...state, answers: { ...state.answers, ...action.patch } };
    case "errors":
      return { ...state, errors: action.errors, busy: false, focus: action.errors.length ? focus("summary") : state.focus };
    case "advance":
      return {
        ...state,
        walk: advance(state.walk, action.to),
        answers: { ...state.answers, ...action.patch },
        errors: [],
        busy: false,
        result: action.result ?? state.result,
        focus: focus("heading"),
      };
    case "back":
      return { ...state, walk: goBack(state.walk), errors: [], focus: focus("heading") };
    case "busy":
      return { ...state, busy: action.busy };
    case "returnTo": {
      // Back through history to the step the server found a problem with.
      let walk = state.walk;
      while (walk.stepId !== action.stepId && walk.history.length > 0) walk = goBack(walk);
      return { ...state, walk, errors: action.errors, busy: false, focus: focus("summary") };
    }
  }
}
