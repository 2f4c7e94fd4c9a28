/** A version's steps with how many visits reached each, and the path most visitors take through them. */
import { targetsOf } from "../../engine/core/checkFlow";
import type { FlowDocument } from "../../engine/core/types";

/** One step on a version's way: how many distinct exposed visits reached it. */
export interface StepReach {
  stepId: string;
  reached: number;
  /** On the path most visitors take (from the start, the next step reached most often). */
  onPath: boolean;
  /**
   * On that path: the share of the visits that reached this step who did not reach the next; absent at its end, when
   * none reached it, and where more reached the next (other ways join there), so it is never negative.
   */
  dropOff?: number;
}

/**
 * A version's steps: along the path most visitors take, each with its drop-off, then the steps off it (the other
 * side of a condition, or steps no longer in the document), most reached first. Without the document (a counts
 * file) the path is not known, so steps are listed by reach with no drop-off.
 */
export function stepReach(reached: Readonly<Record<string, number>>, doc: FlowDocument | undefined): StepReach[] {
  const reach = new Map(Object.entries(reached));
  const path = doc ? visitorPath(doc, reach) : [];
  const others = [...new Set([...(doc?.steps.map((s) => s.id) ?? []), ...reach.keys()])]
    .filter((id) => !path.includes(id))
    .sort((a, b) => (reach.get(b) ?? 0) - (reach.get(a) ?? 0) || a.localeCompare(b));
  const at = (id: string) => reach.get(id) ?? 0;
  return [
    ...path.map((stepId, i): StepReach => {
      const next = path[i + 1];
      const here = at(stepId);
      // Where other ways join the path the next step can be reached by more visits than this one: no drop-off to show.
      return { stepId, reached: here, onPath: true, ...(next !== undefined && here > 0 && at(next) <= here ? { dropOff: 1 - at(next) / here } : {}) };
    }),
    ...others.map((stepId): StepReach => ({ stepId, reached: at(stepId), onPath: false })),
  ];
}

/** The path most visitors take: from the start, at each step the next step (of those its transitions name) reached most often. */
export function visitorPath(flow: FlowDocument, reached: ReadonlyMap<string, number>): string[] {
  const path: string[] = [];
  let current: string | undefined = flow.start;
  while (current !== undefined && !path.includes(current)) {
    const step = flow.steps.find((s) => s.id === current);
    if (!step) break;
    path.push(current);
    const next = [...new Set(targetsOf(step).filter((t): t is string => typeof t === "string" && !path.includes(t)))];
    // Ties (and steps nobody reached) follow the document's order of rules, which ends with the usual case.
    current = next.reduce<string | undefined>((best, id) => (best === undefined || (reached.get(id) ?? 0) > (reached.get(best) ?? 0) ? id : best), undefined);
  }
  return path;
}
