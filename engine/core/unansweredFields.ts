/**
 * The lint rule for a condition that reads a field some path to it never asks. The server replays a lead over the
 * answers of the steps on its path only, and the browser walks the same way, so on such a path the rule sees no
 * answer (a landing page's answer counts only through the step it answers, which the walk then passes).
 */
import { conditionVars } from "./conditions";
import { isFieldKey } from "./fieldLibrary";
import type { ConditionFinding } from "./conditionRules";
import { kindOf } from "./kinds/registry";
import type { FlowDocument } from "./types";
import { surelyAsks, wayWithout } from "./waysWithout";

/** The unanswered-field warnings of every condition of the flow, by the step whose next holds it. */
export function unansweredFindings(flow: FlowDocument): Array<ConditionFinding & { step: string }> {
  const findings: Array<ConditionFinding & { step: string }> = [];
  for (const step of flow.steps) {
    if (!("next" in step) || !Array.isArray(step.next)) continue;
    const read = new Set(step.next.flatMap((rule) => (rule.when ? conditionVars(rule.when) : [])).filter(isFieldKey));
    for (const field of read) {
      const path = wayWithout(flow, step.id, (s) => surelyAsks(s, field));
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
