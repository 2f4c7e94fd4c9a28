/**
 * One form, one move. Every form a step's page draws carries its step and the revision of the state it was drawn from
 * (`_step`, `_rev`); the kept state lists the forms it has applied, so a copy of one (a double click, a resent post,
 * racing requests) is recognised and moves nothing, while a form of an older revision never applied (a page kept by
 * the browser's Back) is still taken once. The rule is written up in docs/design-notes.md.
 */
import type { PlainState } from "./keptState";

/** How many forms the state remembers; a form drawn more revisions ago than this is out of date. */
export const APPLIED_FORMS_KEPT = 50;

const formKey = (stepId: string, revision: number) => `${stepId}@${revision}`;

/**
 * Whether the form (step, revision) was applied to this state already. Every page of revision 0 (the pre-rendered
 * first question) is the same form, so one counts as a copy only when the last form applied was that one.
 */
export function isAppliedForm(state: PlainState, stepId: string, revision: number): boolean {
  const applied = state.applied ?? [];
  return revision === 0 ? applied.at(-1) === formKey(stepId, 0) : applied.includes(formKey(stepId, revision));
}

/** Whether a form of this revision is too old to tell from a copy, with the state at `kept`. */
export function isTooOldForm(revision: number, kept: number): boolean {
  return revision < kept - APPLIED_FORMS_KEPT;
}

/** The state with the form recorded as applied (the oldest forgotten beyond APPLIED_FORMS_KEPT). */
export function withAppliedForm(state: PlainState, stepId: string, revision: number): PlainState {
  return { ...state, applied: [...(state.applied ?? []), formKey(stepId, revision)].slice(-APPLIED_FORMS_KEPT) };
}

/** The state with the forms `other` applied before its own, so a state kept over `other` still knows their copies. */
export function withFormsOf(state: PlainState, other: PlainState | undefined): PlainState {
  const own = state.applied ?? [];
  const theirs = (other?.applied ?? []).filter((form) => !own.includes(form));
  return { ...state, applied: [...theirs, ...own].slice(-APPLIED_FORMS_KEPT) };
}
