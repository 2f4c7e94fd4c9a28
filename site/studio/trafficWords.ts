/** A traffic in words, as the history and the Traffic region say it. */
import type { TrafficSplit } from "../../schemas/generated/split";
import { decisionMetric, decisionWords, guardrailsInForce } from "../../engine/studio/decisionSettings";

/**
 * "v1 80%, v2 20% (control v1)", with the planned visits when set, and the way the test is decided when the
 * traffic names it: "v1 50%, v2 50% (control v1); decided on accepted leads, within a guardrail on leads (at most 5% lost)".
 */
export function trafficWords(split: unknown): string {
  if (!split || typeof split !== "object") return "none";
  const traffic = split as Partial<TrafficSplit>;
  const { weights = {}, default: control, plannedPerVersion } = traffic;
  const shares = Object.entries(weights).map(([v, w]) => `v${v} ${w}%`).join(", ");
  const decided = traffic.decideOn === undefined && traffic.guardrails === undefined ? "" : `; decided on ${decisionWords(decisionMetric(traffic), guardrailsInForce(traffic))}`;
  return `${shares} (control v${control}${plannedPerVersion === undefined ? "" : `, ${plannedPerVersion} visits planned per version`})${decided}`;
}
