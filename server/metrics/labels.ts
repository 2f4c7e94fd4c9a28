/**
 * Label values a metric may take: only what the server knows in advance (a flow, version or step of the forms
 * folder, a buyer of the buyers file, a route pattern, a status), so a visitor can neither put personal data in a
 * series nor make new series without end. Anything else is counted under "other".
 */
import { Histogram, type Counter } from "prom-client";
import type { FlowCatalog } from "../flowCatalog";

/** The label value for anything outside the known set. */
export const OTHER = "other";

/** `value` when it is one of `known`, else "other". */
export function knownOr(value: string | undefined, known: ReadonlySet<string>): string {
  return value !== undefined && known.has(value) ? value : OTHER;
}

/** A flow id of the forms folder, else "other". */
export function flowLabel(flows: FlowCatalog, flowId: string | undefined): string {
  return flowId !== undefined && flows.hasFlow(flowId) ? flowId : OTHER;
}

/** A version the flow serves, else "other". */
export function versionLabel(flows: FlowCatalog, flowId: string, version: number): string {
  return flows.getFlow(flowId, version) ? String(version) : OTHER;
}

/** A step of one of the flow's served versions, else "other". */
export function stepLabel(flows: FlowCatalog, flowId: string, stepId: string): string {
  const flow = flows.corpus().flows.find((f) => f.id === flowId);
  return flow?.versions.some((v) => v.flow?.steps.some((s) => s.id === stepId)) ? stepId : OTHER;
}

/** An HTTP status code as a label: the number, or "other" outside 100–599. */
export function statusLabel(status: number): string {
  return Number.isInteger(status) && status >= 100 && status <= 599 ? String(status) : OTHER;
}

/** Every combination of the given label values: `{ buyer: ["a", "b"], outcome: ["x"] }` gives two label sets. */
export function everyCombination(values: Record<string, readonly string[]>): Array<Record<string, string>> {
  return Object.entries(values).reduce<Array<Record<string, string>>>(
    (sets, [name, options]) => sets.flatMap((set) => options.map((option) => ({ ...set, [name]: option }))),
    [{}],
  );
}

/**
 * Creates each label set's series at 0 now, so `rate()` and `increase()` see the first event after a start
 * (a series that appears at 1 is read as no change).
 */
export function startAtZero(metric: Counter | Histogram, labelSets: ReadonlyArray<Record<string, string>>): void {
  for (const labels of labelSets) {
    if (metric instanceof Histogram) metric.zero(labels);
    else metric.inc(labels, 0);
  }
}
