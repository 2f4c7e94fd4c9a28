/**
 * The decision metric day by day since the period began: each London day's counts added to the days before, per
 * version its running figure and, against the control, the running difference with its confidence sequence (which
 * holds at every day's look at once, so the whole line may be read, not only its last point).
 */
import type { DayCounts, ExperimentMetric, VersionCounts } from "./experimentCounts";
import { addCounts, compareSamples, metricFigures, metricSample, type MetricComparison, type MetricFigures } from "./experimentMetrics";

/** A running comparison on one day; each day is a look of the sequence, so no Holm's adjustment across days. */
export type DayComparison = Omit<MetricComparison, "pHolm">;

/** One version at the end of one day, counting every day of the period up to it. */
export interface DayVersion {
  version: number;
  /** Exposures so far. */
  exposures: number;
  figures: MetricFigures;
  /** Against the control so far; null for the control and while either has too few visits. */
  comparison: DayComparison | null;
}

export interface DayPoint {
  /** YYYY-MM-DD, Europe/London. */
  day: string;
  versions: DayVersion[];
}

export interface OverTimeReport {
  metric: ExperimentMetric;
  /** Oldest first. */
  days: DayPoint[];
}

/** The running figures of each day, oldest first, for the period's versions (those outside the split get no comparison). */
export function analyseOverTime(days: readonly DayCounts[], setup: { metric: ExperimentMetric; versions: readonly number[]; control: number; weights: Readonly<Record<string, number>>; tuning: number }): OverTimeReport {
  const { metric, versions, control, weights, tuning } = setup;
  const running = new Map<number, VersionCounts>();
  const points = [...days]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map(({ day, versions: counts }): DayPoint => {
      for (const v of versions) running.set(v, addCounts(running.get(v), counts[v]));
      const controlSample = metricSample(metric, running.get(control));
      return {
        day,
        versions: versions.map((version) => {
          const sample = metricSample(metric, running.get(version));
          const compared = version !== control && (weights[String(version)] ?? 0) > 0;
          return { version, exposures: running.get(version)!.exposures, figures: metricFigures(sample), comparison: (compared && compareSamples(sample, controlSample, tuning)) || null };
        }),
      };
    });
  return { metric, days: points };
}
