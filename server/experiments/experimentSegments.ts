/**
 * The decision metric broken down by the visitor's device and traffic source: per segment the sample-ratio check and
 * each version's figure, and each version against the control with Holm's adjustment across every segment × version
 * comparison of both breakdowns together. Segments are for looking (a cache or a bot that skews one browser class
 * shows where it is), never a verdict: no decision is taken on them.
 */
import type { ExperimentMetric, ExperimentSegments, SegmentedCounts } from "./experimentCounts";
import { compareFamily, metricFigures, metricSample, type MetricComparison, type MetricFigures } from "./experimentMetrics";
import { sampleRatioCheck, type SampleRatioCheck } from "./stats";

/** One version in one segment. */
export interface SegmentVersion {
  version: number;
  isControl: boolean;
  exposures: number;
  figures: MetricFigures;
  /** Against the control in the same segment; null for the control, a version outside the split, or too few visits. */
  comparison: MetricComparison | null;
}

/** One segment ("phone", "google", "direct", …). */
export interface SegmentReport {
  segment: string;
  exposures: number;
  /** The sample-ratio check within the segment; undefined with fewer than two versions drawn or no exposure. */
  srm: SampleRatioCheck | undefined;
  versions: SegmentVersion[];
}

/** Both breakdowns, on the decision metric. */
export interface SegmentsReport {
  metric: ExperimentMetric;
  device: SegmentReport[];
  source: SegmentReport[];
}

/** The breakdowns named in the order the report shows them. */
export const BREAKDOWNS = ["device", "source"] as const;

/** What the segments are judged against: the period's versions, control and weights, and the sequence's tuning. */
export interface SegmentSetup {
  metric: ExperimentMetric;
  versions: readonly number[];
  control: number;
  weights: Readonly<Record<string, number>>;
  tuning: number;
}

/** Each breakdown's segments, most exposed first (ties by name). */
export function analyseSegments(segments: ExperimentSegments, setup: SegmentSetup): SegmentsReport {
  const { metric, versions, control, weights, tuning } = setup;
  const compared = versions.filter((v) => v !== control && (weights[String(v)] ?? 0) > 0);
  const pairs = BREAKDOWNS.flatMap((breakdown) =>
    Object.entries(segments[breakdown]).flatMap(([segment, byVersion]) =>
      compared.map((version) => ({ key: `${breakdown}\u0000${segment}\u0000${version}`, version: metricSample(metric, byVersion[version]), control: metricSample(metric, byVersion[control]) })),
    ),
  );
  const comparisons = compareFamily(pairs, tuning);
  const breakdown = (name: (typeof BREAKDOWNS)[number], counts: SegmentedCounts): SegmentReport[] =>
    Object.entries(counts)
      .map(([segment, byVersion]): SegmentReport => {
        const exposures = Object.fromEntries(versions.map((v) => [String(v), byVersion[v]?.exposures ?? 0]));
        return {
          segment,
          exposures: Object.values(exposures).reduce((a, b) => a + b, 0),
          srm: sampleRatioCheck(exposures, weights),
          versions: versions.map((version) => ({
            version,
            isControl: version === control,
            exposures: byVersion[version]?.exposures ?? 0,
            figures: metricFigures(metricSample(metric, byVersion[version])),
            comparison: comparisons.get(`${name}\u0000${segment}\u0000${version}`) ?? null,
          })),
        };
      })
      .sort((a, b) => b.exposures - a.exposures || a.segment.localeCompare(b.segment));
  return { metric, device: breakdown("device", segments.device), source: breakdown("source", segments.source) };
}
