/**
 * Walking a flow: pure transitions from one step to the next, back through history, or into another flow.
 * Nothing here performs effects; callers act on what is returned.
 */
import { kindOf } from "./kinds/registry";
import { conditionHolds } from "./conditions";
import type { Answers, FlowDocument, Step, Target } from "./types";

/** Where a visitor is in a flow, and the steps that led there (for Back). */
export interface WalkState {
  stepId: string;
  history: string[];
}

/** What Next leads to: another step of this flow, another flow, or nowhere (the end). */
export type NextMove =
  | { type: "step"; stepId: string }
  | { type: "flow"; flowId: string }
  | { type: "end" };

/** The step with this id; throws naming the flow when there is none. */
export function stepById(flow: FlowDocument, stepId: string): Step {
  const step = flow.steps.find((s) => s.id === stepId);
  if (!step) throw new Error(`forms/${flow.id}/v${flow.version}.json: no step "${stepId}"`);
  return step;
}

/** The state at the start of a flow. */
export function startWalk(flow: FlowDocument): WalkState {
  return { stepId: flow.start, history: [] };
}

/** The target the step's transition picks for these answers: the first rule whose condition holds. */
export function resolveNextTarget(step: Step, answers: Answers): Target | undefined {
  if (!("next" in step) || step.next === undefined) return undefined;
  if (typeof step.next === "string") return step.next;
  return step.next.find((rule) => !rule.when || conditionHolds(rule.when, answers))?.to;
}

/** What Next leads to from this step with these answers. */
export function nextMove(step: Step, answers: Answers): NextMove {
  const target = resolveNextTarget(step, answers);
  if (target === undefined) return { type: "end" };
  return typeof target === "string" ? { type: "step", stepId: target } : { type: "flow", flowId: target.flow };
}

/** The state after moving forward to a step, with the step left behind kept for Back. */
export function advance(state: WalkState, stepId: string): WalkState {
  return { stepId, history: [...state.history, state.stepId] };
}

/** The state after Back: the previous step, or the same state at the start. */
export function goBack(state: WalkState): WalkState {
  const previous = state.history.at(-1);
  if (previous === undefined) return state;
  return { stepId: previous, history: state.history.slice(0, -1) };
}

/**
 * The steps still ahead of this one (itself included), following the answers given so far and, where
 * none is given yet, the first rule that holds: the basis of the progress indicator.
 */
export function stepsAhead(flow: FlowDocument, stepId: string, answers: Answers): Step[] {
  const ahead: Step[] = [];
  const seen = new Set<string>();
  let current: string | undefined = stepId;
  while (current !== undefined && !seen.has(current)) {
    seen.add(current);
    const step = flow.steps.find((s) => s.id === current);
    if (!step) break;
    ahead.push(step);
    const move = nextMove(step, answers);
    current = move.type === "step" ? move.stepId : undefined;
  }
  return ahead;
}

/**
 * The steps a visitor passes on the shortest way from the flow's start to `stepId` (by any rule), for showing a step
 * as it stands in the flow ("Step 3 of 5", with Back); empty for the start, and for a step nothing leads to.
 */
export function pathTo(flow: FlowDocument, stepId: string): string[] {
  const cameFrom = new Map<string, string | undefined>([[flow.start, undefined]]);
  for (const queue = [flow.start]; queue.length > 0 && !cameFrom.has(stepId); ) {
    const id = queue.shift();
    const step = flow.steps.find((s) => s.id === id);
    const rules = step && "next" in step && step.next !== undefined ? (typeof step.next === "string" ? [step.next] : step.next.map((rule) => rule.to)) : [];
    for (const to of rules) {
      if (typeof to !== "string" || cameFrom.has(to)) continue;
      cameFrom.set(to, step!.id);
      queue.push(to);
    }
  }
  const path: string[] = [];
  for (let at = cameFrom.get(stepId); at !== undefined; at = cameFrom.get(at)) path.unshift(at);
  return path;
}

/** Where the visitor is among the questions of their likely path: "Step 2 of 6". The success step is not counted. */
export interface StepCount {
  number: number;
  total: number;
}

/** The step's place on the path taken so far and still ahead by the answers given (or the first rule that holds). */
export function stepCount(flow: FlowDocument, state: WalkState, answers: Answers): StepCount {
  const remaining = stepsAhead(flow, state.stepId, answers).filter((s) => !kindOf(s).ends).length;
  const number = state.history.length + 1;
  return { number, total: Math.max(number, state.history.length + remaining) };
}

/**
 * The state after passing, from the start, every step its kind says the answers already answer (a question the
 * visitor answered on the landing page), stopping before a step that would leave the flow.
 */
export function walkPastAnswered(flow: FlowDocument, answers: Answers): WalkState {
  let state = startWalk(flow);
  const source = answers as Record<string, unknown>;
  for (;;) {
    const step = flow.steps.find((s) => s.id === state.stepId);
    if (!step || !kindOf(step).answeredBy?.(step, source)) return state;
    const move = nextMove(step, answers);
    if (move.type !== "step" || state.history.includes(move.stepId)) return state;
    state = advance(state, move.stepId);
  }
}
