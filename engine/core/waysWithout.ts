/**
 * Ways from a flow's start to one of its steps on which no step asks a field: what the unanswered-field and
 * unsellable-lead rules look for. A step whose questions depend on the answers (a picked or a typed address) counts
 * only for the fields it asks in every shape.
 */
import { targetsOf } from "./checkFlow";
import { fieldSchema } from "./fieldLibrary";
import { kindOf } from "./kinds/registry";
import type { Answers, FieldKey, FlowDocument, Step } from "./types";

/** The answers that choose between a step's shapes: none, then each field it asks turned on alone. */
function shapes(step: Step): Answers[] {
  return [{}, ...kindOf(step).fields(step, {}).map((key) => ({ [key]: true }))];
}

/** Whether the step asks `field` however it is answered. */
export function surelyAsks(step: Step, field: FieldKey): boolean {
  const kind = kindOf(step);
  return shapes(step).every((shape) => kind.fields(step, shape).includes(field));
}

/** Whether the step asks `field` however it is answered, and never lets the visitor leave it empty. */
export function surelyRequires(step: Step, field: FieldKey): boolean {
  const kind = kindOf(step);
  return surelyAsks(step, field) && shapes(step).every((shape) => kind.schema(step, shape, fieldSchema).required?.includes(field));
}

/** The shortest way from the start to `target` (inclusive) on which no step `asks`; undefined when there is none. */
export function wayWithout(flow: FlowDocument, target: string, asks: (step: Step) => boolean): string[] | undefined {
  const byId = new Map(flow.steps.map((s) => [s.id, s]));
  const cameFrom = new Map<string, string | null>([[flow.start, null]]);
  const queue = [flow.start];
  while (queue.length > 0) {
    const id = queue.shift()!;
    const step = byId.get(id);
    if (!step || asks(step)) continue;
    if (id === target) {
      const way: string[] = [];
      for (let at: string | null | undefined = id; at; at = cameFrom.get(at)) way.unshift(at);
      return way;
    }
    if (kindOf(step).ends) continue;
    for (const next of targetsOf(step)) {
      if (typeof next === "string" && !cameFrom.has(next)) {
        cameFrom.set(next, id);
        queue.push(next);
      }
    }
  }
  return undefined;
}
