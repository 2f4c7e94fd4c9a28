/**
 * A preview's walk through a draft: the engine's own state machine and each step kind's plain form, as a quote
 * without scripts moves, with nothing kept on the server. The state travels in the page's forms (a hidden field,
 * in the body of a post, never in an address); a lead is answered as a test-mode lead would be, and sent nowhere.
 */
import { pickAnswers } from "../../engine/core/answers";
import { kindOf } from "../../engine/core/kinds/registry";
import type { PostedForm } from "../../engine/core/kinds/stepKind";
import { toFieldErrors } from "../../engine/core/messages";
import { initialState, transition, type QuoteFlowInput, type ServedFlowState } from "../../engine/core/quoteFlow";
import { STEP_FIELD } from "../../engine/core/servedStep";
import { answersSchema, stepFields } from "../../engine/core/stepSchema";
import type { FlowDocument, SchemaCheck } from "../../engine/core/types";
import { goBack, stepById } from "../../engine/core/walkFlow";

/** The hidden field a preview's state travels in, and the one a Back button sets. */
export const PREVIEW_STATE_FIELD = "_preview";
export const PREVIEW_BACK_FIELD = "_back";

/** Where a preview stands, and a note when something a visitor would see cannot happen in a preview. */
export interface PreviewState extends ServedFlowState {
  started: boolean;
  note?: string;
}

/** The answer a preview's lead gets: "submit to backend in test mode", so nothing is sent. */
const PREVIEW_RESULT = { code: "99", leadId: "preview" } as const;

/** The draft's first step, nothing answered. */
export function startPreview(flow: FlowDocument): PreviewState {
  const { walk, answers, errors, started } = initialState(flow);
  return { walk, answers, errors, started };
}

/** The state a form carried, or undefined when it carries none this draft can show. */
export function carriedState(flow: FlowDocument, text: string | undefined): PreviewState | undefined {
  if (!text) return undefined;
  try {
    const state = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as PreviewState;
    const known = (id: unknown) => typeof id === "string" && flow.steps.some((s) => s.id === id);
    if (!state || typeof state.answers !== "object" || !known(state.walk?.stepId) || !Array.isArray(state.walk.history) || !state.walk.history.every(known)) return undefined;
    return { walk: state.walk, answers: state.answers, errors: [], started: state.started === true, ...(state.result ? { result: state.result } : {}) };
  } catch {
    return undefined;
  }
}

/** The state as a form carries it. */
export function stateField(state: PreviewState): string {
  const { note: _note, errors: _errors, ...kept } = state;
  return Buffer.from(JSON.stringify(kept)).toString("base64url");
}

function run(flow: FlowDocument, state: PreviewState, input: QuoteFlowInput) {
  const machine = { ...initialState(flow, state.answers), walk: state.walk, started: state.started, ...(state.result ? { result: state.result } : {}) };
  return transition(machine, input);
}

/** Takes a posted step of the preview: the state it moves to (the same step with problems, when there are some). */
export function postPreviewStep(flow: FlowDocument, state: PreviewState, posted: PostedForm, check: SchemaCheck): PreviewState {
  if (posted.value(PREVIEW_BACK_FIELD) !== undefined) return state.walk.history.length > 0 && !state.result ? { ...state, walk: goBack(state.walk), errors: [] } : state;
  if (posted.value(STEP_FIELD) !== state.walk.stepId || state.result) return state;
  const step = stepById(flow, state.walk.stepId);
  const submission = kindOf(step).plainForm(step, posted, { answers: state.answers });
  if (submission.type === "redraw") {
    const note = submission.lookup === undefined ? undefined : "A preview looks no addresses up: choose “My address isn't listed” to enter one.";
    return { ...state, answers: { ...state.answers, ...submission.patch }, errors: submission.errors ?? [], ...(note ? { note } : {}) };
  }
  if (submission.type === "switchService") return { ...state, note: `On the site this goes on to the ${submission.flowId} quote; a preview shows this draft only.` };
  const answers = { ...state.answers, ...submission.patch };
  const fields = stepFields(step, answers);
  const errors = toFieldErrors(check(answersSchema(step, answers), pickAnswers(answers, fields)), step.id, fields);
  if (errors.length > 0) return { ...state, answers, errors };
  const moved = run(flow, state, { type: "next", patch: submission.patch });
  let next: PreviewState = { walk: moved.state.walk, answers: moved.state.answers, errors: moved.state.errors, started: moved.state.started };
  for (const effect of moved.effects) {
    if (effect.type === "submitLead") {
      const after = run(flow, next, { type: "submitted", result: PREVIEW_RESULT });
      next = { walk: after.state.walk, answers: after.state.answers, errors: after.state.errors, started: after.state.started, ...(after.state.result ? { result: after.state.result } : {}) };
    }
    if (effect.type === "startFlow") return { ...state, note: `On the site this goes on to the ${effect.flowId} quote; a preview shows this draft only.` };
  }
  return next;
}
