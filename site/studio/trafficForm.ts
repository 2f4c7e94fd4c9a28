/**
 * The Traffic region's boxes as typed, checked as they are typed: each weight from 0 to 100 and all of them adding up
 * to 100, the planned visits a whole number, each guardrail a loss from 0% to 100%. What the boxes ask for, once they
 * are right, is the change Save traffic confirms; boxes that ask for the traffic in force ask for nothing.
 */
import type { TrafficSplit } from "../../schemas/generated/split";
import { DECISION_METRICS, DECISION_METRIC_WORDS, decisionMetric, decisionWords, guardrailsInForce, type DecisionMetric, type Guardrails } from "../../engine/studio/decisionSettings";

export interface TrafficForm {
  /** Version → its weight as typed. */
  weights: Record<string, string>;
  control: number;
  planned: string;
  decideOn: DecisionMetric;
  /** Metric → the most lost against the control, in percent as typed; empty for no guardrail on it. */
  guardrails: Record<DecisionMetric, string>;
}

/** What Save traffic sends once the boxes are right. */
export interface TrafficChange {
  weights: Record<string, number>;
  control: number;
  plannedPerVersion?: number;
  /** Only when the decision settings change. */
  decision?: { decideOn: DecisionMetric; guardrails: Guardrails };
  /** Whether visitors are shared otherwise (else only the way the test is decided changes). */
  visitorsChange: boolean;
  /** The change in words. */
  words: string;
}

export type CheckedTraffic = { problems: string[]; change?: undefined; unchanged?: undefined } | { problems: []; change: TrafficChange; unchanged?: undefined } | { problems: []; unchanged: true; change?: undefined };

const percentText = (fraction: number) => String(Number((fraction * 100).toFixed(2)));

/** The boxes as the traffic in force fills them. */
export function trafficForm(versions: readonly number[], split: TrafficSplit): TrafficForm {
  const rails = guardrailsInForce(split);
  return {
    weights: Object.fromEntries(versions.map((v) => [String(v), String(split.weights[String(v)] ?? 0)])),
    control: split.default,
    planned: split.plannedPerVersion === undefined ? "" : String(split.plannedPerVersion),
    decideOn: decisionMetric(split),
    guardrails: Object.fromEntries(DECISION_METRICS.map((m) => [m, rails[m] === undefined ? "" : percentText(rails[m])])) as Record<DecisionMetric, string>,
  };
}

/** The metrics a test deciding on `decideOn` may guard: every other one. */
export function guardedMetrics(decideOn: DecisionMetric): DecisionMetric[] {
  return DECISION_METRICS.filter((m) => m !== decideOn);
}

const isNumber = (text: string) => text.trim() !== "" && Number.isFinite(Number(text));

/** The guardrails the boxes ask for, as fractions, leaving out the metric decided on. */
function typedGuardrails(form: TrafficForm): Guardrails {
  return Object.fromEntries(guardedMetrics(form.decideOn).filter((m) => form.guardrails[m].trim() !== "").map((m) => [m, Number(form.guardrails[m]) / 100]));
}

const sameGuardrails = (a: Guardrails, b: Guardrails) => DECISION_METRICS.every((m) => a[m] === b[m]);

/** What is wrong with the boxes, in the words of their labels; else the change they ask for, if any. */
export function checkTraffic(form: TrafficForm, versions: readonly number[], split: TrafficSplit): CheckedTraffic {
  const problems: string[] = [];
  for (const v of versions) {
    const typed = form.weights[String(v)] ?? "";
    if (!isNumber(typed) || Number(typed) < 0 || Number(typed) > 100) problems.push(`The weight of v${v} must be a number from 0 to 100.`);
  }
  const total = Math.round(versions.reduce((sum, v) => sum + (isNumber(form.weights[String(v)] ?? "") ? Number(form.weights[String(v)]) : 0), 0) * 1e6) / 1e6;
  if (total !== 100) problems.push(`The weights add up to ${total}: they must add up to 100 before the traffic can be saved.`);
  const planned = form.planned.trim();
  if (planned !== "" && (!Number.isInteger(Number(planned)) || Number(planned) < 1)) problems.push("Planned visits per version must be a whole number, 1 or more, or left empty.");
  for (const m of guardedMetrics(form.decideOn)) {
    const typed = form.guardrails[m].trim();
    if (typed !== "" && (!isNumber(typed) || Number(typed) < 0 || Number(typed) > 100)) problems.push(`The guardrail on ${DECISION_METRIC_WORDS[m]} must be a loss from 0% to 100%, or left empty for none.`);
  }
  if (problems.length > 0) return { problems };

  const weights = Object.fromEntries(versions.map((v) => [String(v), Number(form.weights[String(v)])]));
  const plannedPerVersion = planned === "" ? undefined : Number(planned);
  const visitorsChange = form.control !== split.default || versions.some((v) => weights[String(v)] !== (split.weights[String(v)] ?? 0));
  const plannedChange = plannedPerVersion !== split.plannedPerVersion;
  const guardrails = typedGuardrails(form);
  const current = guardrailsInForce(split);
  const inForce = Object.fromEntries(guardedMetrics(form.decideOn).filter((m) => current[m] !== undefined).map((m) => [m, current[m]!])) as Guardrails;
  const decisionChange = form.decideOn !== decisionMetric(split) || !sameGuardrails(guardrails, inForce);
  if (!visitorsChange && !plannedChange && !decisionChange) return { problems: [], unchanged: true };

  const said = [
    ...(visitorsChange ? [`New weights: ${versions.map((v) => `v${v} ${weights[String(v)]}%`).join(", ")}; the control is v${form.control}`] : []),
    ...(plannedChange ? [plannedPerVersion === undefined ? "No plan of visits per version" : `${plannedPerVersion} visits planned per version`] : []),
    ...(decisionChange ? [`Decide on ${decisionWords(form.decideOn, guardrails)}`] : []),
  ];
  return {
    problems: [],
    change: {
      weights,
      control: form.control,
      ...(plannedPerVersion === undefined ? {} : { plannedPerVersion }),
      ...(decisionChange ? { decision: { decideOn: form.decideOn, guardrails } } : {}),
      visitorsChange,
      words: `${said.join("; ")}.`,
    },
  };
}
