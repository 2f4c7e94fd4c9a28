/**
 * How each metric's figures read in every form of the report: rates as percentages and their differences in
 * percentage points, value as pounds and its differences as signed pounds; guardrails, pending visits and the
 * decision metric in words.
 */
import type { ExperimentMetric } from "./experimentCounts";
import { METRIC_NAMES, percentMargin } from "./experimentDecision";
import { count, percent, points } from "./experimentReportWording";
import type { Interval } from "./stats";

/** Pounds with pence: "£2.53". */
export function pounds(x: number): string {
  return `£${x.toFixed(2)}`;
}

/** A difference in pounds with its sign: "+£1.46", "−£0.20", "£0.00". */
export function signedPounds(d: number): string {
  const value = Math.abs(d).toFixed(2);
  return Number(value) === 0 ? "£0.00" : `${d > 0 ? "+" : "−"}£${value}`;
}

/** A version's figure on a metric ("12.0%", "£2.53"), or "–" when there is none. */
export function metricFigure(metric: ExperimentMetric, x: number | null | undefined): string {
  if (x === null || x === undefined) return "–";
  return metric === "value" ? pounds(x) : percent(x);
}

/** A figure's interval, "11.1% – 12.9%" or "£2.27 – £2.79" ("to" in place of the dash with `joiner`), or "–". */
export function metricInterval(metric: ExperimentMetric, ci: Interval | null | undefined, joiner = " – "): string {
  return ci ? `${metricFigure(metric, ci[0])}${joiner}${metricFigure(metric, ci[1])}` : "–";
}

/** A difference on a metric: percentage points for a rate ("+2.27"), signed pounds for value ("+£1.46"). */
export function metricDifference(metric: ExperimentMetric, d: number): string {
  return metric === "value" ? signedPounds(d) : points(d);
}

/** An interval of differences: "+0.97 to +3.57", "+£1.17 to +£1.75". */
export function metricDifferenceInterval(metric: ExperimentMetric, [low, high]: Interval): string {
  return `${metricDifference(metric, low)} to ${metricDifference(metric, high)}`;
}

/** The pending visits in one sentence; none when no visit is pending. */
export function pendingSentence(pending: number): string | undefined {
  if (pending <= 0) return undefined;
  const reason = "shown the flow within the settling window, or with a lead still being delivered";
  return pending === 1 ? `1 visit pending: not settled yet (${reason}).` : `${count(pending)} visits pending: not settled yet (${reason}).`;
}

/** The settling window in one sentence: which visits accepted leads and value are counted over. */
export function settledSentence(settleHours: number): string {
  return `accepted leads and value count the visits shown the flow more than ${settleHours} ${settleHours === 1 ? "hour" : "hours"} ago (by whole hours) whose leads have no delivery under way.`;
}

/** What the decision is taken on: "value per visit, within a guardrail on leads (at most 5% lost)". */
export function decideOnLine(decideOn: ExperimentMetric, guardrails: Partial<Record<ExperimentMetric, number>>): string {
  const rails = Object.entries(guardrails) as Array<[ExperimentMetric, number]>;
  const within = rails.length === 0 ? "with no guardrail" : `within ${rails.length === 1 ? "a guardrail" : "guardrails"} on ${rails.map(([m, margin]) => `${METRIC_NAMES[m]} (at most ${percentMargin(margin)} lost)`).join(" and ")}`;
  return `${METRIC_NAMES[decideOn]}, ${within}`;
}

/** What the metrics mean, under every form of the report that shows them. */
export const METRICS_FOOTNOTE = [
  "Three metrics per visit: leads (visits that sent a lead), accepted leads (visits whose lead a buyer accepted) and value (pounds buyers paid per visit, at each accepted delivery's price). Pending visits, not settled yet (shown the flow within the settling window, or with a lead still being delivered), are left out of accepted leads and value until they settle.",
  "Value's 95% interval is the mean ± 1.96 standard errors; its difference is tested with a z-test on the two versions' own spreads. The anytime p holds however often you look, as the anytime interval does.",
  "A guardrail passes when the anytime interval shows the version loses at most the margin of the control's figure, and fails when it shows it loses more. The decision: ship (better on the decision metric and passes every guardrail), roll back (worse on it, or fails a guardrail), keep running, or split broken.",
].join("\n");
