/**
 * The unsellable-lead rule: every way to a step that sends the lead must have asked the visitor's full name, phone
 * number and e-mail, none of them left optional, or partners take a lead they cannot reach. The lead's first and
 * last names are made from the full name (the specification's name split), so asking them does not stand for it.
 * The finding is in the studio's words: the step's heading, the fields as its lists name them, the boxes to change.
 */
import { fieldKeyWords } from "./fieldLabels";
import type { Finding } from "./findings";
import { kindOf } from "./kinds/registry";
import { isSubmitStep } from "./submitStep";
import { listOf } from "./successText";
import type { FieldKey, FlowDocument } from "./types";
import { surelyRequires, wayWithout } from "./waysWithout";

/** What a lead needs to be sold: a name to ask for, a number to call and an address to write to. */
export const SELLABLE_LEAD_FIELDS = ["customerName", "phone", "email"] as const satisfies readonly FieldKey[];

/** The unsellable-lead errors of a flow: one per sending step and way that misses some of the lead's fields. */
export function sellableLeadFindings(flow: FlowDocument, file: string): Finding[] {
  const findings: Finding[] = [];
  for (const step of flow.steps.filter(isSubmitStep)) {
    const missingOn = new Map<string, FieldKey[]>();
    for (const field of SELLABLE_LEAD_FIELDS) {
      const way = wayWithout(flow, step.id, (s) => surelyRequires(s, field));
      if (way) missingOn.set(way.join(" → "), [...(missingOn.get(way.join(" → ")) ?? []), field]);
    }
    const heading = kindOf(step).heading(step, false);
    for (const [way, fields] of missingOn) {
      const missing = listOf(fields.map(fieldKeyWords));
      findings.push({
        severity: "error",
        rule: "unsellable-lead",
        file,
        step: step.id,
        message: `the lead sent at "${heading}" can go without ${missing} on the way ${way}, so no partner could reach the visitor to buy it`,
        fix: `add ${missing} to the fields of "${heading}" (or of a step before it on that way), and keep them out of "Fields that may be left empty": a lead needs ${listOf(SELLABLE_LEAD_FIELDS.map(fieldKeyWords))} to be sold`,
      });
    }
  }
  return findings;
}
