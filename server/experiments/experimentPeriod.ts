/**
 * A flow's experiment period: the weights in force, the control and the documents of the versions served with a
 * share, and the decision settings where split.json sets them (the metric decided on, the guardrails). Any change to
 * one of them (a new weight, an edited question, another metric) is a new period with an id of its own, so a report
 * never mixes visitors who were shown different things; returning to an earlier set-up resumes its period.
 */
import { createHash } from "node:crypto";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import type { ExperimentPeriod } from "./experimentCounts";

/** The period a flow is served in now, without its start (the store knows when it was first served). */
export type CurrentPeriod = Omit<ExperimentPeriod, "startedAt">;

const periods = new WeakMap<CorpusFlow, CurrentPeriod>();

/** The flow's current period; computed once per reading of the forms folder. */
export function currentPeriod(flow: CorpusFlow): CurrentPeriod | undefined {
  if (flow.defaultVersion === undefined) return undefined;
  let period = periods.get(flow);
  if (!period) {
    const weights = Object.fromEntries(Object.entries(flow.weights).sort(([a], [b]) => Number(a) - Number(b)));
    const documents = Object.entries(weights)
      .filter(([, weight]) => weight > 0)
      .map(([version]) => flow.versions.find((v) => v.version === Number(version))?.flow ?? null);
    // Decision settings join the set-up only when set, so a flow that never set them keeps its periods' ids.
    const decision = { ...(flow.decideOn ? { decideOn: flow.decideOn } : {}), ...(flow.guardrails ? { guardrails: flow.guardrails } : {}) };
    const setUp = JSON.stringify({ weights, control: flow.defaultVersion, documents, ...decision });
    period = {
      id: createHash("sha256").update(setUp).digest("hex").slice(0, 12),
      weights,
      control: flow.defaultVersion,
      ...(flow.plannedPerVersion ? { plannedPerVersion: flow.plannedPerVersion } : {}),
    };
    periods.set(flow, period);
  }
  return period;
}
