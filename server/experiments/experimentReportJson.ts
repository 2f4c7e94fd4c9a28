/**
 * The report as JSON (`report:funnel -- --json`, and the figures a notebook reads): every figure, with null where it
 * cannot be had yet, never NaN. Comparisons, guardrails and decisions are given on the other versions only.
 */
import type { SplitHeldBack } from "../../engine/core/trafficSplit";
import type { ExperimentMetric, LeadOutcomeCounts } from "./experimentCounts";
import type { DecisionCode, GuardrailOutcome } from "./experimentDecision";
import type { MetricComparison, MetricFigures } from "./experimentMetrics";
import type { ExperimentReport, MetricReport } from "./experimentReport";
import type { SegmentReport } from "./experimentSegments";
import type { SampleRatioCheck, Interval } from "./stats";

/** Against the control: the difference, its intervals and p-values (absent on the control). */
export interface ComparisonJson {
  difference?: number | null;
  differenceCI95?: Interval | null;
  p?: number | null;
  pHolm?: number | null;
  sequentialCI95?: Interval | null;
  pAnytime?: number | null;
}

/** A metric's figure and, against the control, its comparison. */
export interface MetricJson extends ComparisonJson {
  mean: number | null;
  ci95: Interval | null;
}

interface SrmJson {
  chi2: number | null;
  p: number | null;
  mismatch: boolean;
}

/** The report as JSON: the sample-ratio check, what is decided on, and per version its figures. */
export interface ExperimentReportJson {
  /**
   * The settling window in hours: accepted leads and value are over visits exposed longer ago than this whose leads
   * have no delivery under way; null when the counts did not say (a counts file).
   */
  settleHours: number | null;
  srm: SrmJson;
  /** Present while split.json has an error and is held back: "lastGood" (its last good weights) or "defaultOnly". */
  splitHeldBack?: SplitHeldBack;
  decideOn: ExperimentMetric;
  guardrails: Partial<Record<ExperimentMetric, number>>;
  /** Visits not yet settled over every version. */
  pending: number;
  versions: Array<
    {
      version: number;
      exposures: number;
      leads: number;
      conversion: number | null;
      wilson95: Interval | null;
    } & ComparisonJson & {
      verdict?: string;
      pending: number;
      /** What became of the version's leads so far (absent when the counts do not say). */
      outcomes?: LeadOutcomeCounts;
      metrics: { acceptedLeads: MetricJson; value: MetricJson };
      guardrails?: Partial<Record<ExperimentMetric, { margin: number; result: GuardrailOutcome }>>;
      decision?: DecisionCode;
      decisionText?: string;
    }
  >;
  segments?: {
    metric: ExperimentMetric;
    device: SegmentJson[];
    source: SegmentJson[];
  };
  overTime?: {
    metric: ExperimentMetric;
    days: Array<{ day: string; versions: Array<{ version: number; exposures: number } & MetricJson> }>;
  };
}

interface SegmentJson {
  segment: string;
  exposures: number;
  srm: SrmJson;
  versions: Array<{ version: number; exposures: number } & MetricJson>;
}

const srmJson = (srm: SampleRatioCheck | undefined): SrmJson => ({ chi2: srm?.chi2 ?? null, p: srm?.p ?? null, mismatch: srm?.mismatch ?? false });

/**
 * A metric as JSON: the comparison's keys only when `compared` (any other version than the control); pHolm only in
 * a family Holm adjusts (not the days, each of which is a look of the sequence).
 */
function metricJson(figures: MetricFigures, comparison: Partial<MetricComparison> | null, compared: boolean, holm = true): MetricJson {
  return {
    mean: figures.mean,
    ci95: figures.ci95,
    ...(compared
      ? {
          difference: comparison?.difference ?? null,
          differenceCI95: comparison?.differenceCI95 ?? null,
          p: comparison?.p ?? null,
          ...(holm ? { pHolm: comparison?.pHolm ?? null } : {}),
          sequentialCI95: comparison?.sequentialCI95 ?? null,
          pAnytime: comparison?.pAnytime ?? null,
        }
      : {}),
  };
}

const metricReportJson = (m: MetricReport, compared: boolean) => metricJson(m, m.comparison, compared);

function segmentJson(s: SegmentReport): SegmentJson {
  return { segment: s.segment, exposures: s.exposures, srm: srmJson(s.srm), versions: s.versions.map((v) => ({ version: v.version, exposures: v.exposures, ...metricJson(v.figures, v.comparison, !v.isControl) })) };
}

/** The JSON form: figures that cannot be had yet are null, never NaN. */
export function experimentReportJson(report: ExperimentReport): ExperimentReportJson {
  const control = report.period.control;
  return {
    settleHours: report.settleHours ?? null,
    srm: srmJson(report.srm),
    ...(report.splitHeldBack ? { splitHeldBack: report.splitHeldBack } : {}),
    decideOn: report.decideOn,
    guardrails: report.guardrails,
    pending: report.pending,
    versions: report.versions.map((v) => ({
      version: v.version,
      exposures: v.exposures,
      leads: v.leads,
      conversion: v.conversion,
      wilson95: v.wilson95,
      ...(v.isControl
        ? {}
        : {
            difference: v.comparison?.difference ?? null,
            differenceCI95: v.comparison?.differenceCI95 ?? null,
            p: v.comparison?.p ?? null,
            pHolm: v.comparison?.pHolm ?? null,
            sequentialCI95: v.comparison?.sequentialCI95 ?? null,
            pAnytime: v.comparison?.pAnytime ?? null,
            verdict: v.verdict!.text,
          }),
      pending: v.pending,
      ...(v.outcomes ? { outcomes: v.outcomes } : {}),
      metrics: { acceptedLeads: metricReportJson(v.metrics.acceptedLeads, !v.isControl), value: metricReportJson(v.metrics.value, !v.isControl) },
      ...(v.isControl
        ? {}
        : {
            guardrails: Object.fromEntries(v.guardrails!.map((g) => [g.metric, { margin: g.margin, result: g.result }])),
            decision: v.decision!.code,
            decisionText: v.decision!.text,
          }),
    })),
    ...(report.segments ? { segments: { metric: report.segments.metric, device: report.segments.device.map(segmentJson), source: report.segments.source.map(segmentJson) } } : {}),
    ...(report.overTime
      ? {
          overTime: {
            metric: report.overTime.metric,
            days: report.overTime.days.map((d) => ({ day: d.day, versions: d.versions.map((v) => ({ version: v.version, exposures: v.exposures, ...metricJson(v.figures, v.comparison, v.version !== control, false) })) })),
          },
        }
      : {}),
  };
}
