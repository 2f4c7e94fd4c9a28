/**
 * The experiment report of one flow over one experiment period, computed from its counts: per version the exposures,
 * leads, conversion with its Wilson interval and the drop-off at each step; per other version its comparison with
 * the control and a verdict in words; the sample-ratio check over the versions drawn. Also its JSON form
 * (the text is experimentReportText.ts, the HTML experimentReportHtml.ts).
 */
import { targetsOf } from "../../engine/core/checkFlow";
import type { FlowDocument } from "../../engine/core/types";
import type { ExperimentCounts, ExperimentPeriod } from "./experimentCounts";
import { count } from "./experimentReportWording";
import {
  confidenceSequence,
  DEFAULT_SEQUENTIAL_TUNING,
  differenceInterval,
  holmAdjust,
  pooledZTest,
  sampleRatioCheck,
  wilsonInterval,
  type Group,
  type Interval,
  type SampleRatioCheck,
} from "./stats";

/** Counts that cannot be true (more leads than exposures, negative or fractional counts): the input is wrong. */
export class ExperimentInputError extends Error {}

/** One step on a version's way: how many distinct exposed visits reached it. */
export interface StepReach {
  stepId: string;
  reached: number;
  /** On the path most visitors take (from the start, the next step reached most often). */
  onPath: boolean;
  /**
   * On that path: the share of the visits that reached this step who did not reach the next; absent at its end, when
   * none reached it, and where more reached the next (other ways join there), so it is never negative.
   */
  dropOff?: number;
}

/** What a non-control version's figures say, in a word and in words. */
export type VerdictKind = "collecting" | "no-difference" | "better" | "worse" | "split-broken" | "not-compared";

export interface Verdict {
  kind: VerdictKind;
  /** As printed: "collecting (1,200 of 4,438 planned)", "no difference shown", "better", "worse", … */
  text: string;
}

/** A version against the control; the difference is this version's conversion less the control's. */
export interface Comparison {
  difference: number;
  /** Fixed-horizon 95% interval of the difference (unpooled standard error). */
  differenceCI95: Interval;
  /** The pooled two-proportion z-test, two-sided. */
  z: number;
  p: number;
  /** p after Holm's adjustment across the period's comparisons. */
  pHolm: number;
  /** The anytime-valid 95% confidence sequence of the difference. */
  sequentialCI95: Interval;
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
  steps: StepReach[];
  /**
   * Against the control: null for the control itself, for a version or a control with no exposures yet, and for a
   * version outside the split (weight 0: its visitors chose it with ?v=, so they are no fair sample).
   */
  comparison: Comparison | null;
  /** Null for the control: it is what the others are judged against. */
  verdict: Verdict | null;
}

export interface ExperimentReport {
  flowId: string;
  period: ExperimentPeriod;
  /** N*, the two groups' combined size the confidence sequence is tuned for. */
  sequentialTuning: number;
  /** Over the versions with weight > 0; undefined when fewer than two are drawn or none has an exposure. */
  srm: SampleRatioCheck | undefined;
  versions: VersionReport[];
  /** New visits served in the period but not counted (their address was past its limit of new visits). */
  leftOut: number;
}

/** What "better" and "worse" need beyond the confidence sequence: Holm-adjusted p below this. */
const SIGNIFICANCE = 0.05;

/**
 * The report. Versions are every one with a weight, counts or the control role, in number order. A version with
 * no exposures is listed with zeros, no conversion and no comparison (its verdict is "collecting"). Holm's
 * adjustment runs over the comparisons that could be computed. "better" and "worse" need both the confidence
 * sequence to exclude 0 and Holm's p below 0.05; any sample-ratio mismatch overrides every verdict; below the plan
 * (when one is set) the verdict is "collecting", counting the smaller of the version's and the control's exposures.
 */
export function analyseExperiment(counts: ExperimentCounts): ExperimentReport {
  const { period } = counts;
  const planned = period.plannedPerVersion;
  const sequentialTuning = counts.sequentialTuning ?? (planned ? 2 * planned : DEFAULT_SEQUENTIAL_TUNING);
  const numbers = [...new Set([...Object.keys(period.weights), ...Object.keys(counts.versions), String(period.control)].map(Number))].sort((a, b) => a - b);
  for (const version of numbers) checkVersionCounts(counts, version);

  const group = (version: number): Group => ({ successes: counts.versions[version]?.leads ?? 0, trials: counts.versions[version]?.exposures ?? 0 });
  const control = group(period.control);
  const weightOf = (version: number) => period.weights[String(version)] ?? 0;
  const compared = numbers.filter((v) => v !== period.control && weightOf(v) > 0 && group(v).trials > 0 && control.trials > 0);
  const tests = new Map(compared.map((v) => [v, pooledZTest(group(v), control)!]));
  const holm = new Map(compared.map((v, i) => [v, holmAdjust(compared.map((c) => tests.get(c)!.p))[i]!]));
  const srm = sampleRatioCheck(Object.fromEntries(numbers.map((v) => [String(v), group(v).trials])), period.weights);

  const versions = numbers.map((version): VersionReport => {
    const { successes: leads, trials: exposures } = group(version);
    const isControl = version === period.control;
    const test = tests.get(version);
    const comparison: Comparison | null = test
      ? {
          ...(({ difference, interval }) => ({ difference, differenceCI95: interval }))(differenceInterval(group(version), control)!),
          z: test.z,
          p: test.p,
          pHolm: holm.get(version)!,
          sequentialCI95: confidenceSequence(group(version), control, sequentialTuning)!,
        }
      : null;
    return {
      version,
      isControl,
      weight: weightOf(version),
      exposures,
      leads,
      conversion: exposures > 0 ? leads / exposures : null,
      wilson95: wilsonInterval(leads, exposures) ?? null,
      steps: stepReach(counts.versions[version]?.steps ?? {}, counts.documents?.[version]),
      comparison,
      verdict: isControl ? null : verdictOf({ weight: weightOf(version), comparison, progress: Math.min(exposures, control.trials), planned, srmBroken: srm?.mismatch ?? false }),
    };
  });
  return { flowId: counts.flowId, period, sequentialTuning, srm, versions, leftOut: counts.leftOut ?? 0 };
}

function checkVersionCounts(counts: ExperimentCounts, version: number): void {
  const c = counts.versions[version];
  if (!c) return;
  const where = `${counts.flowId} v${version}`;
  for (const [name, n] of [["exposures", c.exposures], ["leads", c.leads]] as const) {
    if (!Number.isInteger(n) || n < 0) throw new ExperimentInputError(`${where}: ${name} must be a whole number ≥ 0, not ${n}`);
  }
  if (c.leads > c.exposures) throw new ExperimentInputError(`${where}: ${c.leads} leads from ${c.exposures} exposures: a version cannot have more leads than visits served it`);
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

/**
 * A version's steps: along the path most visitors take, each with its drop-off, then the steps off it (the other
 * side of a condition, or steps no longer in the document), most reached first. Without the document (a counts
 * file) the path is not known, so steps are listed by reach with no drop-off.
 */
export function stepReach(reached: Readonly<Record<string, number>>, doc: FlowDocument | undefined): StepReach[] {
  const reach = new Map(Object.entries(reached));
  const path = doc ? visitorPath(doc, reach) : [];
  const others = [...new Set([...(doc?.steps.map((s) => s.id) ?? []), ...reach.keys()])]
    .filter((id) => !path.includes(id))
    .sort((a, b) => (reach.get(b) ?? 0) - (reach.get(a) ?? 0) || a.localeCompare(b));
  const at = (id: string) => reach.get(id) ?? 0;
  return [
    ...path.map((stepId, i): StepReach => {
      const next = path[i + 1];
      const here = at(stepId);
      // Where other ways join the path the next step can be reached by more visits than this one: no drop-off to show.
      return { stepId, reached: here, onPath: true, ...(next !== undefined && here > 0 && at(next) <= here ? { dropOff: 1 - at(next) / here } : {}) };
    }),
    ...others.map((stepId): StepReach => ({ stepId, reached: at(stepId), onPath: false })),
  ];
}

/** The path most visitors take: from the start, at each step the next step (of those its transitions name) reached most often. */
export function visitorPath(flow: FlowDocument, reached: ReadonlyMap<string, number>): string[] {
  const path: string[] = [];
  let current: string | undefined = flow.start;
  while (current !== undefined && !path.includes(current)) {
    const step = flow.steps.find((s) => s.id === current);
    if (!step) break;
    path.push(current);
    const next = [...new Set(targetsOf(step).filter((t): t is string => typeof t === "string" && !path.includes(t)))];
    // Ties (and steps nobody reached) follow the document's order of rules, which ends with the usual case.
    current = next.reduce<string | undefined>((best, id) => (best === undefined || (reached.get(id) ?? 0) > (reached.get(best) ?? 0) ? id : best), undefined);
  }
  return path;
}

/** The report as JSON (`report:funnel -- --json`): the sample-ratio check and, per version, its figures; the comparison's only on the other versions. */
export interface ExperimentReportJson {
  srm: { chi2: number | null; p: number | null; mismatch: boolean };
  versions: Array<{
    version: number;
    exposures: number;
    leads: number;
    conversion: number | null;
    wilson95: Interval | null;
    difference?: number | null;
    differenceCI95?: Interval | null;
    p?: number | null;
    pHolm?: number | null;
    sequentialCI95?: Interval | null;
    verdict?: string;
  }>;
}

/** The JSON form: figures that cannot be had yet are null, never NaN. */
export function experimentReportJson(report: ExperimentReport): ExperimentReportJson {
  return {
    srm: { chi2: report.srm?.chi2 ?? null, p: report.srm?.p ?? null, mismatch: report.srm?.mismatch ?? false },
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
            verdict: v.verdict!.text,
          }),
    })),
  };
}
