/**
 * What to do with each version, taken on the flow's decision metric (split.json's `decideOn`) within its guardrails
 * (split.json's `guardrails`): ship it, roll it back, keep the split running, or mend a broken split first.
 */
import type { ExperimentMetric } from "./experimentCounts";
import type { MetricComparison } from "./experimentMetrics";
import { count } from "./experimentReportWording";

/** The decision's code, as the JSON gives it. */
export type DecisionCode = "ship" | "rollBack" | "keepRunning" | "splitBroken";

export interface Decision {
  code: DecisionCode;
  /** As printed: "ship: better on value per visit and within every guardrail", "keep running (1,200 of 4,438 planned)", … */
  text: string;
}

export type GuardrailOutcome = "passes" | "fails" | "undecided";

/** One guardrail on one version: the metric, the relative loss tolerated against the control, and how it stands. */
export interface GuardrailResult {
  metric: ExperimentMetric;
  margin: number;
  result: GuardrailOutcome;
}

/** The decision metric when split.json names none. */
export const DEFAULT_DECIDE_ON: ExperimentMetric = "value";

/** The leads' tolerated loss when deciding on another metric and split.json names no guardrails. */
export const DEFAULT_LEADS_GUARDRAIL = 0.05;

/** What is below 0.05 for "better" and "worse": Holm's p on the decision metric. */
const SIGNIFICANCE = 0.05;

/** The metric's name in words, for the lines of the report. */
export const METRIC_NAMES: Record<ExperimentMetric, string> = { leads: "leads", acceptedLeads: "accepted leads", value: "value per visit" };

/**
 * The guardrails in force: those written, in the report's order of metrics; else { leads: 0.05 } when deciding on
 * another metric than leads, else none. Guardrails written as {} are none.
 */
export function guardrailsInForce(decideOn: ExperimentMetric, written: Partial<Record<ExperimentMetric, number>> | undefined): Partial<Record<ExperimentMetric, number>> {
  if (written) return Object.fromEntries((["leads", "acceptedLeads", "value"] as const).filter((m) => written[m] !== undefined).map((m) => [m, written[m]!]));
  return decideOn === "leads" ? {} : { leads: DEFAULT_LEADS_GUARDRAIL };
}

/**
 * A guardrail with tolerated loss m passes when the confidence sequence's lower end is at least −m × the control's
 * mean, fails when its upper end is below that, and is undecided otherwise, or while either side has no figure.
 */
export function guardrailOutcome(margin: number, controlMean: number | null, comparison: MetricComparison | null): GuardrailOutcome {
  if (controlMean === null || !comparison) return "undecided";
  const floor = -margin * controlMean;
  const [low, high] = comparison.sequentialCI95;
  if (low >= floor) return "passes";
  if (high < floor) return "fails";
  return "undecided";
}

/** What a decision is taken from, for one version. */
export interface DecisionInput {
  decideOn: ExperimentMetric;
  /** The version's comparison on the decision metric; null when it cannot be had yet. */
  comparison: MetricComparison | null;
  guardrails: GuardrailResult[];
  srmBroken: boolean;
  /** Outside the split (weight 0): never compared, so nothing to decide. */
  outsideSplit: boolean;
  /** The smaller of the version's and the control's exposures, shown against the plan while running. */
  progress: number;
  planned: number | undefined;
}

/**
 * First `splitBroken` when the sample-ratio check fails; then `ship` when the version beats the control on the
 * decision metric (the sequence excludes 0 above and Holm's p < 0.05) and passes every guardrail; `rollBack` when it
 * is worse on it the same way, or fails a guardrail; else `keepRunning`, with the visits so far against the plan.
 * The sequence holds at every look, so a decision may come before the plan is reached (the verdict on leads waits).
 */
export function decide(input: DecisionInput): Decision {
  const metric = METRIC_NAMES[input.decideOn];
  if (input.outsideSplit) return { code: "keepRunning", text: "not compared: outside the split (weight 0)" };
  if (input.srmBroken) return { code: "splitBroken", text: "split broken: find the cause before deciding anything" };
  const soFar = !input.planned
    ? `${count(input.progress)} visits so far, no plan set`
    : input.progress < input.planned
      ? `${count(input.progress)} of ${count(input.planned)} planned visits`
      : `${count(input.progress)} visits, past the ${count(input.planned)} planned`;
  const failed = input.guardrails.filter((g) => g.result === "fails");
  const c = input.comparison;
  const significant = c !== null && c.pHolm < SIGNIFICANCE;
  const better = significant && c.sequentialCI95[0] > 0;
  const worse = significant && c.sequentialCI95[1] < 0;
  if (worse) return { code: "rollBack", text: `roll back: worse on ${metric}` };
  if (failed.length > 0) return { code: "rollBack", text: `roll back: ${failed.map((g) => `loses more than ${percentMargin(g.margin)} of the control's ${METRIC_NAMES[g.metric]}`).join("; ")}` };
  if (better && input.guardrails.every((g) => g.result === "passes")) return { code: "ship", text: `ship: better on ${metric} and within every guardrail` };
  const why = better ? `better on ${metric}, but a guardrail is not yet shown to hold` : c ? `no difference shown yet on ${metric}` : `no figures yet on ${metric}`;
  return { code: "keepRunning", text: `keep running: ${why} (${soFar})` };
}

/** 0.05 as "5%". */
export function percentMargin(margin: number): string {
  return `${Number((margin * 100).toFixed(2))}%`;
}
