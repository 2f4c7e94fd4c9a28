/** Experiments: exposures by flow and version, and quote steps posted without scripts, by flow, step and outcome. */
import { Counter, type Registry } from "prom-client";
import type { FlowCatalog } from "../flowCatalog";
import { OTHER, everyCombination, flowLabel, knownOr, startAtZero, stepLabel, versionLabel } from "./labels";

/**
 * What became of a step posted as a plain form: moved on to the next address, a page drawn in answer (an address
 * lookup's results), not taken (its errors, or a changed or stale form), refused as another site's, or over budget.
 */
export type PlainStepOutcome = "moved_on" | "shown" | "not_taken" | "other_site" | "too_many";

const OUTCOMES = new Set<string>(["moved_on", "shown", "not_taken", "other_site", "too_many"] satisfies PlainStepOutcome[]);

/** The outcome of a post the plain quote answered with a redirect or a page of this status. */
export function plainStepOutcome(answer: { redirect: string } | { status: number }): PlainStepOutcome {
  if ("redirect" in answer) return "moved_on";
  return answer.status < 400 ? "shown" : "not_taken";
}

/** The experiment series. */
export interface ExperimentMetrics {
  /** A visit counted as exposed to a version (once per visit and period, as the experiment report counts it). */
  exposed(flowId: string, version: number): void;
  /** A quote step posted as a plain form; `stepId` is the form's and is "other" unless the flow has it. */
  plainStepPosted(flowId: string, stepId: string, outcome: PlainStepOutcome): void;
}

/** Registers the experiment series on `registry`. */
export function experimentMetrics(registry: Registry, flows: FlowCatalog): ExperimentMetrics {
  const exposures = new Counter({
    name: "switchplan_experiment_exposures_total",
    help: "Visits counted as exposed to a version of a flow by its experiment, by flow and version.",
    labelNames: ["flow", "version"],
    registers: [registry],
  });
  const plainSteps = new Counter({
    name: "switchplan_plain_steps_total",
    help: "Quote steps posted without scripts, by flow, step and outcome (moved_on, shown, not_taken, other_site, too_many).",
    labelNames: ["flow", "step", "outcome"],
    registers: [registry],
  });
  for (const flow of flows.corpus().flows) {
    const served = flow.versions.flatMap((v) => (v.flow ? [v.flow] : []));
    startAtZero(exposures, everyCombination({ flow: [flow.id], version: served.map((v) => String(v.version)) }));
    // Every step of a served version, and "other" for a form naming none of them.
    const steps = new Set([...served.flatMap((v) => v.steps.map((step) => step.id)), OTHER]);
    startAtZero(plainSteps, everyCombination({ flow: [flow.id], step: [...steps], outcome: [...OUTCOMES] }));
  }
  return {
    exposed: (flowId, version) => exposures.inc({ flow: flowLabel(flows, flowId), version: versionLabel(flows, flowId, version) }),
    plainStepPosted(flowId, stepId, outcome) {
      plainSteps.inc({ flow: flowLabel(flows, flowId), step: stepLabel(flows, flowId, stepId), outcome: knownOr(outcome, OUTCOMES) });
    },
  };
}
