/** Which fields a step's conditions can read: those asked by the step itself and by the steps that can lead to it. */
import { targetsOf } from "../core/checkFlow";
import { kindOf } from "../core/kinds/registry";
import type { FieldKey, FlowDocument } from "../core/types";

/** The fields asked on the way to a step's `next` (its own first, then the earlier steps', nearest first), each once. */
export function fieldsAskedBefore(flow: FlowDocument, stepId: string): FieldKey[] {
  const leadingTo = new Map<string, string[]>();
  for (const step of flow.steps) {
    for (const target of targetsOf(step)) if (typeof target === "string") leadingTo.set(target, [...(leadingTo.get(target) ?? []), step.id]);
  }
  const seen = new Set<string>();
  const queue = [stepId];
  const fields: FieldKey[] = [];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const step = flow.steps.find((s) => s.id === id);
    if (step) for (const key of kindOf(step).fields(step, {})) if (!fields.includes(key)) fields.push(key);
    queue.push(...(leadingTo.get(id) ?? []));
  }
  return fields;
}
