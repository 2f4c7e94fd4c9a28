/**
 * The lint rule for a condition that reads a field some path to it never asks. The server replays a lead over the
 * answers of the steps on its path only, and the browser walks the same way, so on such a path the rule sees no
 * answer (a landing page's answer counts only through the step it answers, which the walk then passes).
 */
import { targetsOf } from "./checkFlow";
import { conditionVars } from "./conditions";
import { isFieldKey } from "./fieldLibrary";
import type { ConditionFinding } from "./conditionRules";
import { kindOf } from "./kinds/registry";
import type { FieldKey, FlowDocument, Step } from "./types";

/** The unanswered-field warnings of every condition of the flow, by the step whose next holds it. */
export function unansweredFindings(flow: FlowDocument): Array<ConditionFinding & { step: string }> {
  const byId = new Map(flow.steps.map((s) => [s.id, s]));
  const findings: Array<ConditionFinding & { step: string }> = [];
  for (const step of flow.steps) {
    if (!("next" in step) || !Array.isArray(step.next)) continue;
    const read = new Set(step.next.flatMap((rule) => (rule.when ? conditionVars(rule.when) : [])).filter(isFieldKey));
    for (const field of read) {
      const path = pathWithout(flow, byId, step.id, field);
      if (!path) continue;
      const askers = flow.steps.filter((s) => kindOf(s).fields(s, {}).includes(field)).map((s) => `"${s.id}"${surelyAsks(s, field) ? "" : " (in some of its shapes only)"}`);
      findings.push({
        step: step.id,
        severity: "warning",
        rule: "unanswered-field",
        message: `a condition reads "${field}", which the path ${path.join(" → ")} never asks, so there the condition sees no answer`,
        fix: `ask "${field}" on every path before this step (${askers.length > 0 ? `it is asked at ${askers.join(", ")}` : "no step of this flow asks it"}), or move the rule to a step after the one that asks it`,
      });
    }
  }
  return findings;
}

/**
 * A step asks a field surely when it asks it however it is answered: a step whose questions depend on the answers
 * (a picked or a typed address) counts only for the fields it asks in every shape.
 */
function surelyAsks(step: Step, field: FieldKey): boolean {
  const kind = kindOf(step);
  const asked = kind.fields(step, {});
  if (!asked.includes(field)) return false;
  return asked.every((turnedOn) => kind.fields(step, { [turnedOn]: true }).includes(field));
}

/** The shortest path from the start to `target` (inclusive) on which no step surely asks `field`; undefined when none. */
function pathWithout(flow: FlowDocument, byId: Map<string, Step>, target: string, field: FieldKey): string[] | undefined {
  const cameFrom = new Map<string, string | null>([[flow.start, null]]);
  const queue = [flow.start];
  while (queue.length > 0) {
    const id = queue.shift()!;
    const step = byId.get(id);
    if (!step || surelyAsks(step, field)) continue;
    if (id === target) {
      const path: string[] = [];
      for (let at: string | null | undefined = id; at; at = cameFrom.get(at)) path.unshift(at);
      return path;
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
