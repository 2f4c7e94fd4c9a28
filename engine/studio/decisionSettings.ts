/**
 * A test's decision settings as the studio shows them: the metric the versions are judged on (split.json's
 * `decideOn`) and its guardrails (metric → the most a version may lose on it against the control). The metrics are
 * the split schema's enumeration, in the order the studio offers them; the defaults are the report's (value per
 * visit, with a 5% guardrail on leads unless the test decides on leads).
 */
import type { TrafficSplit } from "../../schemas/generated/split";

export type DecisionMetric = NonNullable<TrafficSplit["decideOn"]>;
export type Guardrails = NonNullable<TrafficSplit["guardrails"]>;

/** Every metric a test can decide on or guard, as schemas/split.schema.json enumerates them. */
export const DECISION_METRICS: readonly DecisionMetric[] = ["value", "acceptedLeads", "leads"];

/** The order the results pages list guardrails in. */
const REPORT_ORDER: readonly DecisionMetric[] = ["leads", "acceptedLeads", "value"];

/** The metric decided on when the traffic names none. */
export const DEFAULT_DECISION_METRIC: DecisionMetric = "value";

/** Each metric in words, as the results pages name it. */
export const DECISION_METRIC_WORDS: Record<DecisionMetric, string> = { value: "value per visit", acceptedLeads: "accepted leads", leads: "leads" };

/** What each metric counts, said beside its name where it is chosen. */
export const DECISION_METRIC_MEANING: Record<DecisionMetric, string> = {
  value: "pounds buyers paid per visit",
  acceptedLeads: "visits whose lead a buyer accepted",
  leads: "visits that sent a lead",
};

/** The metric decided on, defaults applied. */
export function decisionMetric(split: Pick<TrafficSplit, "decideOn">): DecisionMetric {
  return split.decideOn ?? DEFAULT_DECISION_METRIC;
}

/** The guardrails in force, defaults applied: those written, else 5% on leads unless deciding on leads. */
export function guardrailsInForce(split: Pick<TrafficSplit, "decideOn" | "guardrails">): Guardrails {
  if (split.guardrails) return Object.fromEntries(REPORT_ORDER.filter((m) => split.guardrails![m] !== undefined).map((m) => [m, split.guardrails![m]!]));
  return decisionMetric(split) === "leads" ? {} : { leads: 0.05 };
}

/** 0.05 as "5%". */
export function marginWords(margin: number): string {
  return `${Number((margin * 100).toFixed(2))}%`;
}

/** "accepted leads, within a guardrail on leads (at most 5% lost)", as the results pages say it. */
export function decisionWords(decideOn: DecisionMetric, guardrails: Guardrails): string {
  const rails = REPORT_ORDER.filter((m) => guardrails[m] !== undefined);
  const within =
    rails.length === 0
      ? "with no guardrail"
      : `within ${rails.length === 1 ? "a guardrail" : "guardrails"} on ${rails.map((m) => `${DECISION_METRIC_WORDS[m]} (at most ${marginWords(guardrails[m]!)} lost)`).join(" and ")}`;
  return `${DECISION_METRIC_WORDS[decideOn]}, ${within}`;
}
