/**
 * Label values a metric may take: only what the server knows in advance (a flow, version or step of the forms
 * folder, a buyer of the buyers file, a route pattern, a status), so a visitor can neither put personal data in a
 * series nor make new series without end. Anything else is counted under "other".
 */
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
