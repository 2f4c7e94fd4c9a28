/**
 * The studio's edits to a flow's steps: add, delete, replace (renaming every reference). Pure; each returns a new
 * document and keeps the order of keys as read (a value changes in place, a new key goes at the end), so a saved
 * file shows only what changed.
 */
import { startingStep } from "../core/kinds/startingSteps";
import type { FlowDocument, Step, StepKind, Target, Transition } from "../core/types";

/** The first id of the form `new-step`, `new-step-2`, … that no step of the flow has. */
export function freeStepId(flow: FlowDocument, base = "new-step"): string {
  const taken = new Set(flow.steps.map((s) => s.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The step's `next`, when its kind has one. */
export function nextOf(step: Step): Transition | undefined {
  return "next" in step ? step.next : undefined;
}

/** The step with `next` set in place (at the end when it had none). */
function withNext(step: Step, next: Transition): Step {
  return { ...step, next } as Step;
}

/**
 * A new step of the kind (its module's starting step, engine/core/kinds/startingSteps.ts) with a free id, inserted after `afterId`: it takes afterId's
 * `next` and afterId now leads to it. After a step that does not go on (a success page), it leads to that step.
 */
export function addStepAfter(flow: FlowDocument, afterId: string, kind: StepKind): { flow: FlowDocument; added: string } {
  const added = freeStepId(flow);
  const index = flow.steps.findIndex((s) => s.id === afterId);
  if (index < 0) throw new Error(`No step "${afterId}" to add a step after`);
  const after = flow.steps[index]!;
  const starting = startingStep(kind, added);
  const afterNext = nextOf(after);
  const step = "next" in starting ? withNext(starting, afterNext ?? afterId) : starting;
  const steps = [...flow.steps];
  if (afterNext !== undefined && "next" in step) steps[index] = withNext(after, added);
  steps.splice(index + 1, 0, step);
  return { flow: { ...flow, steps }, added };
}

/** The ids of the steps whose `next` (plain, or a rule's `to`) names the step, in the flow's order. */
export function stepsNaming(flow: FlowDocument, id: string): string[] {
  return flow.steps.filter((s) => s.id !== id && transitionNames(nextOf(s), id)).map((s) => s.id);
}

function transitionNames(next: Transition | undefined, id: string): boolean {
  if (next === undefined) return false;
  return typeof next === "string" ? next === id : next.some((rule) => rule.to === id);
}

/**
 * The flow without the step. A step whose plain `next` named it now goes where it went (its own plain `next`):
 * fixed. A rule's `to` naming it, or a plain `next` with nowhere to go, is left for the analyst: flagged.
 * When it was the start, its plain `next` becomes the start.
 */
export function deleteStep(flow: FlowDocument, id: string): { flow: FlowDocument; fixed: string[]; flagged: string[] } {
  const deleted = flow.steps.find((s) => s.id === id);
  if (!deleted) throw new Error(`No step "${id}" to delete`);
  const onward = nextOf(deleted);
  const replacement = typeof onward === "string" && onward !== id ? onward : undefined;
  const fixed: string[] = [];
  const flagged: string[] = [];
  const steps = flow.steps.flatMap((step): Step[] => {
    if (step.id === id) return [];
    const next = nextOf(step);
    if (!transitionNames(next, id)) return [step];
    if (typeof next === "string" && replacement !== undefined && replacement !== step.id) {
      fixed.push(step.id);
      return [withNext(step, replacement)];
    }
    flagged.push(step.id);
    return [step];
  });
  const start = flow.start === id && replacement !== undefined ? replacement : flow.start;
  return { flow: { ...flow, start, steps }, fixed, flagged };
}

/** The flow with the step replaced in place; a changed id renames every reference to it (start, `next`, rules' `to`). */
export function replaceStep(flow: FlowDocument, id: string, step: Step): FlowDocument {
  if (!flow.steps.some((s) => s.id === id)) throw new Error(`No step "${id}" to change`);
  const renamed = step.id !== id;
  const rename = (target: Target): Target => (renamed && target === id ? step.id : target);
  const steps = flow.steps.map((s) => {
    const current = s.id === id ? step : s;
    const next = nextOf(current);
    if (!renamed || next === undefined || !transitionNames(next, id)) return current;
    return withNext(current, typeof next === "string" ? step.id : next.map((rule) => ({ ...rule, to: rename(rule.to) })));
  });
  return { ...flow, start: renamed && flow.start === id ? step.id : flow.start, steps };
}
