/**
 * The flow linter's rules beyond the schema: what an analyst can break by editing JSON that still loads.
 * Each finding names the file, the step where there is one, what is wrong and how to fix it.
 */
import { targetsOf } from "./checkFlow";
import { conditionFindings } from "./conditionRules";
import type { Finding } from "./findings";
import { kindOf } from "./kinds/registry";
import { refusedOptions } from "./fieldValues";
import { sellableLeadFindings } from "./sellableLead";
import type { FlowDocument, SchemaCheck, Step } from "./types";
import { unansweredFindings } from "./unansweredFields";

/** Most paths a flow may have before the submit-count rule gives up (flows are short; this is a guard). */
const PATH_LIMIT = 20_000;

/** Findings within one flow document that already passed the schema and checkFlow's rules. */
export function lintFlow(flow: FlowDocument, file: string, check: SchemaCheck): Finding[] {
  const findings: Finding[] = [];
  const add = (rule: string, step: string | undefined, message: string, fix: string, severity: Finding["severity"] = "error") =>
    findings.push({ severity, rule, file, ...(step ? { step } : {}), message, fix });
  const byId = new Map(flow.steps.map((s) => [s.id, s]));
  const nextIds = (step: Step) => targetsOf(step).flatMap((t) => (typeof t === "string" && byId.has(t) ? [t] : []));

  const reachable = new Set<string>();
  const queue = [flow.start];
  while (queue.length) {
    const id = queue.shift()!;
    if (reachable.has(id) || !byId.has(id)) continue;
    reachable.add(id);
    queue.push(...nextIds(byId.get(id)!));
  }
  for (const step of flow.steps) {
    if (!reachable.has(step.id)) add("unreachable-step", step.id, "no path from the start reaches this step", `name "${step.id}" in another step's next, or delete the step`);
  }

  const canFinish = stepsThatCanFinish(flow, byId, nextIds);
  for (const step of flow.steps) {
    if (!reachable.has(step.id) || kindOf(step).ends) continue;
    if (targetsOf(step).length === 0) add("dead-end", step.id, `a ${step.kind} step with no next leaves the visitor stuck`, 'add "next" naming the step that follows');
    else if (!canFinish.has(step.id)) add("dead-end", step.id, "no path from this step reaches a success step or another flow", "lead one of its next targets towards the success step");
  }

  for (const path of submitPaths(flow, byId, nextIds)) {
    const where = path.steps.at(-1);
    if (path.end === "success" && path.submits.length === 0) {
      add("no-submit", where, `the path ${path.steps.join(" → ")} reaches success without sending the lead`, 'mark the contact step on this path with "submit": true');
    }
    if (path.submits.length > 1) {
      add("several-submits", path.submits[1], `the path ${path.steps.join(" → ")} sends the lead ${path.submits.length} times (${path.submits.join(", ")})`, 'keep "submit": true on one step of the path');
    }
  }

  // A lead partners cannot reach is not worth sending: every way to a sending step asks the name, phone and e-mail.
  findings.push(...sellableLeadFindings(flow, file));

  // Each kind's own rules (options with words and values of their own, a form's fields asked once, …).
  for (const step of flow.steps) kindOf(step).lint?.(step, { report: (rule, message, fix) => add(rule, step.id, message, fix) });
  // An option its field cannot hold: a visitor choosing it would be refused (the server checks the field library).
  for (const step of flow.steps) {
    for (const { value, fix } of refusedOptions(step, check)) add("option-value", step.id, `option value "${value}" is not one that "${(step as { field: string }).field}" takes`, fix);
  }
  // Conditions that load but cannot mean what they say, and fields some path to a condition never asks.
  for (const step of flow.steps) {
    if (!("next" in step) || !Array.isArray(step.next)) continue;
    for (const rule of step.next) {
      if (!rule.when) continue;
      for (const f of conditionFindings(rule.when, flow, check)) add(f.rule, step.id, f.message, f.fix, f.severity);
    }
  }
  for (const f of unansweredFindings(flow)) add(f.rule, f.step, f.message, f.fix, f.severity);
  return findings;
}

/** Findings across the versions of one flow that loaded: each must agree with the first on what the lead is. */
export function lintFlowVersions(flowId: string, versions: ReadonlyArray<{ file: string; flow: FlowDocument }>): Finding[] {
  const findings: Finding[] = [];
  const first = versions[0];
  for (const { file, flow } of versions.slice(1)) {
    for (const key of ["productType", "serviceType", "path"] as const) {
      if (first && flow[key] !== first.flow[key]) {
        findings.push({
          severity: "error",
          rule: "versions-disagree",
          file,
          message: `${key} is "${flow[key] ?? ""}" but ${first.file} says "${first.flow[key] ?? ""}"`,
          fix: `use one ${key} for every version of ${flowId}`,
        });
      }
    }
  }
  return findings;
}

function stepsThatCanFinish(flow: FlowDocument, byId: Map<string, Step>, nextIds: (s: Step) => string[]): Set<string> {
  const finishing = new Set(flow.steps.filter((s) => kindOf(s).ends || targetsOf(s).some((t) => typeof t === "object")).map((s) => s.id));
  for (let changed = true; changed; ) {
    changed = false;
    for (const step of flow.steps) {
      if (!finishing.has(step.id) && nextIds(step).some((id) => finishing.has(id))) {
        finishing.add(step.id);
        changed = true;
      }
    }
  }
  return finishing;
}

interface GraphPath {
  steps: string[];
  submits: string[];
  end: "success" | "flow";
}

/** Every simple path from the start to a success step or a jump into another flow, with its submit steps. */
function submitPaths(flow: FlowDocument, byId: Map<string, Step>, nextIds: (s: Step) => string[]): GraphPath[] {
  const paths: GraphPath[] = [];
  const walk = (id: string, steps: string[]) => {
    const step = byId.get(id);
    if (!step || steps.includes(id) || paths.length >= PATH_LIMIT) return;
    const here = [...steps, id];
    if (kindOf(step).ends) return void paths.push(pathOf(here, "success"));
    if (targetsOf(step).some((t) => typeof t === "object")) paths.push(pathOf(here, "flow"));
    for (const next of new Set(nextIds(step))) walk(next, here);
  };
  const pathOf = (steps: string[], end: GraphPath["end"]): GraphPath => ({
    steps,
    end,
    submits: steps.filter((id) => {
      const step = byId.get(id);
      return step !== undefined && "submit" in step && step.submit === true;
    }),
  });
  walk(flow.start, []);
  return paths;
}
