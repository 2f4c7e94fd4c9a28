/**
 * The experiment report of one flow over one experiment period, computed from its counts: per version the exposures,
 * leads, conversion with its Wilson interval and the drop-off at each step; its three metrics (experimentMetrics.ts);
 * per other version its comparison with the control, a verdict on the leads, its guardrails and a decision on the
 * decision metric (experimentDecision.ts); the sample-ratio check over the versions drawn; the decision metric by
 * segment (experimentSegments.ts) and day by day (experimentOverTime.ts). Its JSON form is experimentReportJson.ts,
 * the text experimentReportText.ts, the HTML experimentReportHtml.ts.
 */
import type { SplitHeldBack } from "../../engine/core/trafficSplit";
import type { ExperimentCounts, ExperimentMetric, ExperimentPeriod, LeadOutcomeCounts, VersionCounts } from "./experimentCounts";
import { decide, DEFAULT_DECIDE_ON, guardrailOutcome, guardrailsInForce, type Decision, type GuardrailResult } from "./experimentDecision";
import { compareFamily, metricFigures, metricSample, METRICS, type MetricComparison, type MetricFigures } from "./experimentMetrics";
import { analyseOverTime, type OverTimeReport } from "./experimentOverTime";
import { count } from "./experimentReportWording";
import { analyseSegments, type SegmentsReport } from "./experimentSegments";
import { DEFAULT_SEQUENTIAL_TUNING, sampleRatioCheck, type Interval, type SampleRatioCheck } from "./stats";
import { stepReach, type StepReach } from "./stepReach";

export { stepReach, visitorPath, type StepReach } from "./stepReach";

/** Counts that cannot be true (more leads than exposures, negative or fractional counts): the input is wrong. */
export class ExperimentInputError extends Error {}

/** What a non-control version's leads say, in a word and in words. */
export type VerdictKind = "collecting" | "no-difference" | "better" | "worse" | "split-broken" | "not-compared";

export interface Verdict {
  kind: VerdictKind;
  /** As printed: "collecting (1,200 of 4,438 planned)", "no difference shown", "better", "worse", … */
  text: string;
}

/**
 * A version against the control on leads; the difference is this version's conversion less the control's: the fixed
 * 95% interval on the unpooled standard error, the pooled z-test, Holm's p across the period's comparisons, the
 * confidence sequence and its anytime p.
 */
export type Comparison = MetricComparison;

/** One metric of one version: its figure and, for the other versions, its comparison with the control. */
export interface MetricReport extends MetricFigures {
  /** Null for the control, a version outside the split, and while either side has too few visits. */
  comparison: MetricComparison | null;
}

export interface VersionReport {
  version: number;
  isControl: boolean;
  /** Its weight in the period (0 for a version only reached with ?v=). */
  weight: number;
  exposures: number;
  leads: number;
  /** leads / exposures; null before any exposure. */
  conversion: number | null;
  wilson95: Interval | null;
  /**
   * Exposed visits not yet settled (inside the settling window, or a delivery still under way): left out of accepted
   * leads and value, numerator and denominator.
   */
  pending: number;
  /** What became of its leads so far; undefined when the counts do not say (a counts file). */
  outcomes?: LeadOutcomeCounts;
  steps: StepReach[];
  /**
   * Against the control: null for the control itself, for a version or a control with no exposures yet, and for a
   * version outside the split (weight 0: its visitors chose it with ?v=, so they are no fair sample).
   */
  comparison: Comparison | null;
  /** Null for the control: it is what the others are judged against. */
  verdict: Verdict | null;
  /** Each metric's figure (leads repeats the conversion above), and its comparison. */
  metrics: Record<ExperimentMetric, MetricReport>;
  /** Each guardrail in force, on this version; null for the control. */
  guardrails: GuardrailResult[] | null;
  /** On the decision metric, within the guardrails; null for the control. */
  decision: Decision | null;
}

export interface ExperimentReport {
  flowId: string;
  period: ExperimentPeriod;
  /** N*, the two groups' combined size the confidence sequence is tuned for. */
  sequentialTuning: number;
  /** Over the versions with weight > 0; undefined when fewer than two are drawn or none has an exposure. */
  srm: SampleRatioCheck | undefined;
  /** split.json has an error and is held back: the weights in force are its last good ones, or the default's alone. */
  splitHeldBack?: SplitHeldBack;
  /** The metric the decisions are taken on. */
  decideOn: ExperimentMetric;
  /** Metric → tolerated relative loss against the control, as in force (defaults applied). */
  guardrails: Partial<Record<ExperimentMetric, number>>;
  /** The settling window in hours (RESULTS_SETTLE_HOURS); undefined when the counts do not say. */
  settleHours?: number;
  /** Visits pending over every version. */
  pending: number;
  versions: VersionReport[];
  /** New visits served in the period but not counted (their address was past its limit of new visits). */
  leftOut: number;
  /** The decision metric by device and by source; absent when the counts have no segments. */
  segments?: SegmentsReport;
  /** The decision metric day by day; absent when the counts have no days. */
  overTime?: OverTimeReport;
}

/** What "better" and "worse" need beyond the confidence sequence: Holm-adjusted p below this. */
const SIGNIFICANCE = 0.05;

/**
 * The report. Versions are every one with a weight, counts or the control role, in number order. A version with
 * no exposures is listed with zeros, no conversion and no comparison (its verdict is "collecting"). Holm's
 * adjustment runs over the comparisons that could be computed, one family per metric. "better" and "worse" need
 * both the confidence sequence to exclude 0 and Holm's p below 0.05; any sample-ratio mismatch overrides every
 * verdict and decision; below the plan (when one is set) the verdict is "collecting", counting the smaller of the
 * version's and the control's exposures (the decision, on an anytime-valid sequence, does not wait for the plan).
 */
export function analyseExperiment(counts: ExperimentCounts): ExperimentReport {
  const { period } = counts;
  const planned = period.plannedPerVersion;
  const sequentialTuning = counts.sequentialTuning ?? (planned ? 2 * planned : DEFAULT_SEQUENTIAL_TUNING);
  const numbers = [...new Set([...Object.keys(period.weights), ...Object.keys(counts.versions), String(period.control)].map(Number))].sort((a, b) => a - b);
  checkAllCounts(counts);
  const decideOn = counts.decideOn ?? DEFAULT_DECIDE_ON;
  const guardrails = guardrailsInForce(decideOn, counts.guardrails);

  const weightOf = (version: number) => period.weights[String(version)] ?? 0;
  const compared = numbers.filter((v) => v !== period.control && weightOf(v) > 0);
  const byMetric = Object.fromEntries(
    METRICS.map((metric) => [metric, compareFamily(compared.map((v) => ({ key: v, version: metricSample(metric, counts.versions[v]), control: metricSample(metric, counts.versions[period.control]) })), sequentialTuning)]),
  ) as Record<ExperimentMetric, Map<number, MetricComparison>>;
  const srm = sampleRatioCheck(Object.fromEntries(numbers.map((v) => [String(v), counts.versions[v]?.exposures ?? 0])), period.weights);
  const controlExposures = counts.versions[period.control]?.exposures ?? 0;
  const controlFigures = Object.fromEntries(METRICS.map((m) => [m, metricFigures(metricSample(m, counts.versions[period.control]))])) as Record<ExperimentMetric, MetricFigures>;

  const versions = numbers.map((version): VersionReport => {
    const c = counts.versions[version];
    const exposures = c?.exposures ?? 0;
    const leads = c?.leads ?? 0;
    const isControl = version === period.control;
    const metrics = Object.fromEntries(
      METRICS.map((m) => [m, { ...(isControl ? controlFigures[m] : metricFigures(metricSample(m, c))), comparison: byMetric[m].get(version) ?? null }]),
    ) as Record<ExperimentMetric, MetricReport>;
    const comparison = metrics.leads.comparison;
    const progress = Math.min(exposures, controlExposures);
    const srmBroken = srm?.mismatch ?? false;
    const guardrailResults = isControl
      ? null
      : (Object.entries(guardrails) as Array<[ExperimentMetric, number]>).map(([metric, margin]): GuardrailResult => ({ metric, margin, result: guardrailOutcome(margin, controlFigures[metric].mean, metrics[metric].comparison) }));
    return {
      version,
      isControl,
      weight: weightOf(version),
      exposures,
      leads,
      conversion: metrics.leads.mean,
      wilson95: metrics.leads.ci95,
      pending: c?.pending ?? 0,
      ...(c?.outcomes ? { outcomes: c.outcomes } : {}),
      steps: stepReach(c?.steps ?? {}, counts.documents?.[version]),
      comparison,
      verdict: isControl ? null : verdictOf({ weight: weightOf(version), comparison, progress, planned, srmBroken }),
      metrics,
      guardrails: guardrailResults,
      decision: isControl
        ? null
        : decide({ decideOn, comparison: metrics[decideOn].comparison, guardrails: guardrailResults!, srmBroken, outsideSplit: weightOf(version) === 0, progress, planned }),
    };
  });
  const setup = { metric: decideOn, versions: numbers, control: period.control, weights: period.weights, tuning: sequentialTuning };
  return {
    flowId: counts.flowId,
    period,
    sequentialTuning,
    srm,
    ...(counts.splitHeldBack ? { splitHeldBack: counts.splitHeldBack } : {}),
    decideOn,
    guardrails,
    ...(counts.settleHours !== undefined ? { settleHours: counts.settleHours } : {}),
    pending: versions.reduce((sum, v) => sum + v.pending, 0),
    versions,
    leftOut: counts.leftOut ?? 0,
    ...(counts.segments ? { segments: analyseSegments(counts.segments, setup) } : {}),
    ...(counts.days ? { overTime: analyseOverTime(counts.days, setup) } : {}),
  };
}

/** Every count of the input, overall, by segment and by day, checked; the first that cannot be true is named. */
function checkAllCounts(counts: ExperimentCounts): void {
  for (const [version, c] of Object.entries(counts.versions)) checkVersionCounts(`${counts.flowId} v${version}`, c);
  for (const breakdown of ["device", "source"] as const) {
    for (const [segment, byVersion] of Object.entries(counts.segments?.[breakdown] ?? {})) {
      for (const [version, c] of Object.entries(byVersion)) checkVersionCounts(`${counts.flowId} v${version} (${breakdown} ${segment})`, c);
    }
  }
  for (const { day, versions } of counts.days ?? []) for (const [version, c] of Object.entries(versions)) checkVersionCounts(`${counts.flowId} v${version} (${day})`, c);
}

function checkVersionCounts(where: string, c: VersionCounts): void {
  const whole = [["exposures", c.exposures], ["leads", c.leads], ["accepted", c.accepted], ["pending", c.pending]] as const;
  for (const [name, n] of whole) {
    if (n !== undefined && (!Number.isInteger(n) || n < 0)) throw new ExperimentInputError(`${where}: ${name} must be a whole number ≥ 0, not ${n}`);
  }
  if (c.leads > c.exposures) throw new ExperimentInputError(`${where}: ${c.leads} leads from ${c.exposures} exposures: a version cannot have more leads than visits served it`);
  const accepted = c.accepted ?? 0;
  const pending = c.pending ?? 0;
  if (accepted > c.leads) throw new ExperimentInputError(`${where}: ${accepted} accepted of ${c.leads} leads: an accepted lead is one of the leads`);
  if (accepted + pending > c.exposures) throw new ExperimentInputError(`${where}: ${accepted} accepted and ${pending} pending of ${c.exposures} exposures: a visit is pending, or settled and then accepted or not, and each is one of the exposures`);
  if (c.value && !(Number.isFinite(c.value.sum) && c.value.sum >= 0 && Number.isFinite(c.value.sumSquares) && c.value.sumSquares >= 0)) {
    throw new ExperimentInputError(`${where}: value's sum and sumSquares must be pounds ≥ 0, not ${c.value.sum} and ${c.value.sumSquares}`);
  }
}

function verdictOf({ weight, comparison, progress, planned, srmBroken }: { weight: number; comparison: Comparison | null; progress: number; planned: number | undefined; srmBroken: boolean }): Verdict {
  if (weight === 0) return { kind: "not-compared", text: "not compared: outside the split (weight 0)" };
  if (srmBroken) return { kind: "split-broken", text: "traffic split broken: do not trust these figures" };
  const collecting = (): Verdict => ({ kind: "collecting", text: planned ? `collecting (${count(progress)} of ${count(planned)} planned)` : "collecting (no exposures yet)" });
  if (!comparison || (planned !== undefined && progress < planned)) return collecting();
  const [low, high] = comparison.sequentialCI95;
  if ((low > 0 || high < 0) && comparison.pHolm < SIGNIFICANCE) return comparison.difference > 0 ? { kind: "better", text: "better" } : { kind: "worse", text: "worse" };
  return { kind: "no-difference", text: "no difference shown" };
}
