/**
 * The quote flow as a state machine: `transition(state, input)` returns the next state and the effects to
 * perform (send the lead, start another flow, tell tracking, write browser history). Every decision of the
 * flow is here; the renderer draws the state and performs the effects, so this is tested without a browser.
 */
import { kindOf } from "./kinds/registry";
import { acceptedResponseCodes } from "../../schemas/generated/responseCodes";
import type { LeadResponse } from "../../schemas/generated/lead";
import { pickAnswers } from "./answers";
import { carriedAnswers } from "./carryOver";
import { SOMETHING_WENT_WRONG } from "./messages";
import { stepFields } from "./stepFields";
import { submitPointOnPath } from "./submitStep";
import type { Answers, FieldError, FlowDocument } from "./types";
import { advance, goBack, nextMove, startWalk, stepById, type WalkState } from "./walkFlow";
import { entryFor, entryOf, openedEntry, sameWalk, type HistoryEntry } from "./quoteFlowHistory";

export type { HistoryEntry } from "./quoteFlowHistory";

/** Where a visitor is and what they answered: enough to resume after a reload. */
export interface FlowSnapshot {
  stepId: string;
  history: string[];
  answers: Answers;
}

/** What happens in a flow, for tracking. Carries no personal data except through `answers` on a lead. */
export type QuoteFlowEvent =
  | { type: "start" }
  | { type: "step"; stepId: string; history: readonly string[]; manualAddress: boolean }
  | { type: "serviceTypeChosen"; serviceType: string }
  | { type: "submit"; code: string; error?: string; manualAddress: boolean }
  | { type: "leadSuccess"; result: LeadResponse; answers: Answers; manualAddress: boolean };

export interface QuoteFlowState {
  flow: FlowDocument;
  walk: WalkState;
  answers: Answers;
  errors: FieldError[];
  /** The lead is on its way: the submit button waits. */
  busy: boolean;
  /** The server's answer once the lead is in. */
  result?: LeadResponse;
  /** What should take focus after this render, and a counter so a repeated request still moves focus. */
  focus: { target: "heading" | "summary" | "none"; request: number };
  /** The visitor has answered something (tracking's start is told once). */
  started: boolean;
  /** Back on the first step returns to the flow this one was entered from. */
  backAtStart: boolean;
  /** The browser history entry shown, counted from the first this flow wrote; undefined until opened. */
  entryIndex?: number;
}

/** What the renderer tells the machine: events in XState's sense. */
export type QuoteFlowInput =
  /** The flow is on screen; `historyState` is the browser's history.state (a reload keeps it). */
  | { type: "open"; historyState: unknown }
  | { type: "change"; patch: Answers }
  /**
   * Answers the visit brings to the step already on screen (the query's, a hand-over's, a kept snapshot's), added
   * beneath the visitor's own; nothing moves and nothing is tracked.
   */
  | { type: "prefill"; answers: Answers }
  /** The step's answers are checked and the visitor moves on. */
  | { type: "next"; patch: Answers }
  /** The lead endpoint answered; no result when the request failed. */
  | { type: "submitted"; result?: LeadResponse }
  /** A step found problems with its answers. */
  | { type: "errors"; errors: FieldError[] }
  /** One of the other services offered after the lead is in: that flow starts with the visitor's details. */
  | { type: "switchService"; flowId: string }
  /** The Back lozenge; `historyState` is the browser's history.state at the time. */
  | { type: "back"; historyState: unknown }
  /** The browser moved through its history (Back, Forward, the phone's back gesture). */
  | { type: "popstate"; historyState: unknown };

/** What the renderer performs for the machine. */
export type QuoteFlowEffect =
  | { type: "submitLead"; answers: Answers }
  | { type: "startFlow"; flowId: string; answers: Answers; from?: { flowId: string; answers: Answers } }
  | { type: "track"; event: QuoteFlowEvent }
  | { type: "history"; action: "push" | "replace"; entry: HistoryEntry }
  | { type: "historyGo"; delta: number }
  /** Back on the first step of a flow entered from another. */
  | { type: "leaveBack" };

export interface Transition {
  state: QuoteFlowState;
  effects: QuoteFlowEffect[];
}

const ACCEPTED = new Set<string>(acceptedResponseCodes);

/**
 * The state at the start of a flow, with any answers already known (prefill, carried over), or where a
 * snapshot left off when every step it names is in this flow.
 */
export function initialState(flow: FlowDocument, answers: Answers = {}, resume?: FlowSnapshot, backAtStart = false): QuoteFlowState {
  const known = (id: string) => flow.steps.some((s) => s.id === id && !kindOf(s).ends);
  const walk: WalkState =
    resume && known(resume.stepId) && resume.history.every(known) ? { stepId: resume.stepId, history: resume.history } : startWalk(flow);
  const restored = walk.stepId === resume?.stepId ? { ...resume.answers, ...answers } : answers;
  return { flow, walk, answers: restored, errors: [], busy: false, focus: { target: "none", request: 0 }, started: false, backAtStart };
}

/** What a step the server drew (a quote without scripts) showed: the page's script takes it over as it stands. */
export interface ServedFlowState {
  walk: WalkState;
  answers: Answers;
  /** The problems with the answers last posted on this step, for the error summary. */
  errors: FieldError[];
  /** The lead's answer, once it is in. */
  result?: LeadResponse;
  /** Where Back on the flow's first step goes: the flow it was entered from. */
  back?: string;
}

/** The state of a step the server drew, with focus where a new page's belongs: the error summary, else the heading. */
export function servedState(flow: FlowDocument, served: ServedFlowState): QuoteFlowState {
  const known = served.walk.history.every((id) => flow.steps.some((s) => s.id === id)) && flow.steps.some((s) => s.id === served.walk.stepId);
  return {
    ...initialState(flow, served.answers, undefined, served.back !== undefined),
    ...(known ? { walk: served.walk } : {}),
    errors: served.errors,
    started: true,
    focus: { target: served.errors.length > 0 ? "summary" : "heading", request: 1 },
    ...(served.result ? { result: served.result } : {}),
  };
}

/** The next state and what to do, for this input. */
export function transition(state: QuoteFlowState, input: QuoteFlowInput): Transition {
  switch (input.type) {
    case "open":
      return open(state, input.historyState);
    case "change":
      return { state: { ...state, started: true, answers: { ...state.answers, ...input.patch } }, effects: startEffects(state) };
    case "prefill":
      return { state: { ...state, answers: { ...input.answers, ...state.answers } }, effects: [] };
    case "next":
      return next(state, input.patch);
    case "submitted":
      return submitted(state, input.result);
    case "errors":
      return { state: withErrors(state, input.errors), effects: [] };
    case "switchService":
      return { state, effects: [{ type: "startFlow", flowId: input.flowId, answers: { ...carriedAnswers(state.answers), upsell: undefined } }] };
    case "back":
      return back(state, input.historyState);
    case "popstate":
      return popstate(state, input.historyState);
  }
}

function open(state: QuoteFlowState, historyState: unknown): Transition {
  // React's development mode mounts twice: the flow opens once.
  if (state.entryIndex !== undefined) return { state, effects: [] };
  const entry = openedEntry(state, historyState);
  return {
    state: { ...state, entryIndex: entry.index },
    effects: [{ type: "history", action: "replace", entry }, stepShown(state)],
  };
}

function next(state: QuoteFlowState, patch: Answers): Transition {
  const answers = { ...state.answers, ...patch };
  const effects: QuoteFlowEffect[] = startEffects(state);
  if (typeof patch.serviceType === "string") effects.push({ type: "track", event: { type: "serviceTypeChosen", serviceType: patch.serviceType } });
  const base = { ...state, started: true, answers };
  if (submitPointOnPath(state.flow, answers)?.step.id === state.walk.stepId) {
    return { state: { ...base, busy: true }, effects: [...effects, { type: "submitLead", answers }] };
  }
  return moveOn(base, effects);
}

/** Follows the current step's transition: to a step of this flow, into another flow, or nowhere. */
function moveOn(state: QuoteFlowState, effects: QuoteFlowEffect[]): Transition {
  const step = stepById(state.flow, state.walk.stepId);
  const move = nextMove(step, state.answers);
  if (move.type === "flow") {
    const from = { flowId: state.flow.id, answers: pickAnswers(state.answers, stepFields(step, state.answers)) };
    return { state, effects: [...effects, { type: "startFlow", flowId: move.flowId, answers: state.answers, from }] };
  }
  if (move.type === "end") return { state, effects };
  return moved({ ...state, walk: advance(state.walk, move.stepId), errors: [], busy: false }, "push", effects);
}

function submitted(state: QuoteFlowState, result: LeadResponse | undefined): Transition {
  const manualAddress = state.answers.businessAddressManual === true;
  const error = !result ? "network" : result.errors?.length ? result.errors.map((e) => e.field).join(",") : undefined;
  const effects: QuoteFlowEffect[] = [{ type: "track", event: { type: "submit", code: result?.code ?? "0", manualAddress, ...(error ? { error } : {}) } }];
  if (!result || !ACCEPTED.has(result.code)) return rejected(state, result, effects);
  effects.push({ type: "track", event: { type: "leadSuccess", result, answers: state.answers, manualAddress } });
  return moveOn({ ...state, result }, effects);
}

/** The lead was turned away: its errors on the step they belong to (an earlier one if the server says so), or one message. */
function rejected(state: QuoteFlowState, result: LeadResponse | undefined, effects: QuoteFlowEffect[]): Transition {
  const errors: FieldError[] = result?.errors?.length ? result.errors : [{ field: "form", message: result?.message ?? SOMETHING_WENT_WRONG }];
  const { walk } = state;
  const earlier = errors.find((e) => e.step && e.step !== walk.stepId && walk.history.includes(e.step))?.step;
  if (!earlier) return { state: withErrors(state, errors), effects };
  let back = walk;
  while (back.stepId !== earlier && back.history.length > 0) back = goBack(back);
  const returned = moved({ ...state, walk: back, busy: false }, "push", effects);
  return { ...returned, state: withErrors(returned.state, errors.filter((e) => e.step === earlier)) };
}

/**
 * The Back lozenge: the browser's Back where this flow wrote the entry before the one shown, else the previous
 * step in place (a start past answered questions, or an entry of the page's own, such as its skip link's). On
 * the first step it returns to the flow this one was entered from, if any.
 */
function back(state: QuoteFlowState, historyState: unknown): Transition {
  if (state.walk.history.length === 0) return { state, effects: state.backAtStart ? [{ type: "leaveBack" }] : [] };
  const shown = entryOf(state.flow, historyState);
  const onOwnEntry = shown !== undefined && shown.index === state.entryIndex && sameWalk(shown, state.walk);
  if (onOwnEntry && shown.index > 0) return { state, effects: [{ type: "historyGo", delta: -1 }] };
  return moved({ ...state, walk: goBack(state.walk), errors: [] }, "replace", []);
}

function popstate(state: QuoteFlowState, historyState: unknown): Transition {
  const entry = entryOf(state.flow, historyState);
  if (!entry) return { state, effects: [] };
  const at = { ...state, entryIndex: entry.index };
  // Once the lead is in, the steps that led to it are closed: leave the flow from where it began instead.
  if (state.result && !entry.leadIn) return { state: at, effects: [{ type: "historyGo", delta: -(entry.index + 1) }] };
  // While the lead is on its way, and on an entry from a lead of an earlier visit, the step stays.
  if (state.busy || (entry.leadIn && !state.result)) return { state: at, effects: [] };
  const walk = { stepId: entry.stepId, history: entry.history };
  if (sameWalk(walk, state.walk)) return { state: at, effects: [] };
  return { state: { ...at, walk, errors: [], focus: focusOn(state, "heading") }, effects: [stepShown({ ...at, walk })] };
}

/** The state on a new step, with focus on its heading, the browser entry written for it and tracking told. */
function moved(state: QuoteFlowState, action: "push" | "replace", effects: QuoteFlowEffect[]): Transition {
  const index = (state.entryIndex ?? 0) + (action === "push" ? 1 : 0);
  const next = { ...state, entryIndex: index, focus: focusOn(state, "heading") };
  return { state: next, effects: [...effects, { type: "history", action, entry: entryFor(next, index) }, stepShown(next)] };
}

function withErrors(state: QuoteFlowState, errors: FieldError[]): QuoteFlowState {
  return { ...state, errors, busy: false, focus: errors.length ? focusOn(state, "summary") : state.focus };
}

function focusOn(state: QuoteFlowState, target: QuoteFlowState["focus"]["target"]): QuoteFlowState["focus"] {
  return { target, request: state.focus.request + 1 };
}

function startEffects(state: QuoteFlowState): QuoteFlowEffect[] {
  return state.started ? [] : [{ type: "track", event: { type: "start" } }];
}

function stepShown(state: QuoteFlowState): QuoteFlowEffect {
  const { stepId, history } = state.walk;
  return { type: "track", event: { type: "step", stepId, history, manualAddress: state.answers.businessAddressManual === true } };
}
