/**
 * The funnel report, computed from daily counts: per version, starts, each step reached, submits, leads and
 * conversion (leads / starts) with its 95% Wilson interval, and each other version tested against the default.
 */
import type { FunnelCount } from "../../server/storage/funnelStore";
import { twoProportionTest, wilsonInterval, type Interval, type ProportionTest } from "./stats";

/** A version the report covers, with its steps in the document's order. */
export interface ReportedVersion {
  version: number;
  /** Step ids as the flow document lists them; empty for a version no longer in forms/. */
  steps: string[];
}

/** What the report is computed from. */
export interface FunnelReportInput {
  flowId: string;
  /** The first London day counted (YYYY-MM-DD); every day when not given. */
  since?: string;
  /** The split's default version: the one every other version is compared with. */
  defaultVersion: number;
  versions: ReportedVersion[];
  counts: FunnelCount[];
}

/** One step's count: how many times it was shown. */
export interface StepReach {
  stepId: string;
  reached: number;
}

/** One version's funnel. */
export interface VersionFunnel {
  version: number;
  isDefault: boolean;
  /** False when counts remain for a version whose file has gone. */
  inForms: boolean;
  starts: number;
  steps: StepReach[];
  submits: number;
  leads: number;
  /** leads / starts; undefined before any start. */
  conversion: number | undefined;
  /** The conversion's 95% Wilson interval; undefined before any start. */
  interval: Interval | undefined;
  /** This version's conversion against the default's (difference = this − default); undefined for the default or without starts. */
  vsDefault: ProportionTest | undefined;
}

/** The whole report for one flow. */
export interface FunnelReport {
  flowId: string;
  since: string | undefined;
  defaultVersion: number;
  versions: VersionFunnel[];
}

/** Computes the report: versions in number order, every document step listed (zero when never shown), then steps counted but no longer in the document. */
export function funnelReport({ flowId, since, defaultVersion, versions, counts }: FunnelReportInput): FunnelReport {
  const known = new Map(versions.map((v) => [v.version, v]));
  const numbers = [...new Set([...known.keys(), ...counts.map((c) => c.version)])].sort((a, b) => a - b);
  const funnels = numbers.map((version) => versionFunnel(version, known.get(version), counts.filter((c) => c.version === version), version === defaultVersion));
  const base = funnels.find((f) => f.isDefault);
  for (const funnel of funnels) {
    if (!funnel.isDefault && base) funnel.vsDefault = twoProportionTest(funnel.leads, funnel.starts, base.leads, base.starts);
  }
  return { flowId, since, defaultVersion, versions: funnels };
}

function versionFunnel(version: number, doc: ReportedVersion | undefined, counts: FunnelCount[], isDefault: boolean): VersionFunnel {
  const total = (event: FunnelCount["event"]) => counts.filter((c) => c.event === event).reduce((sum, c) => sum + c.count, 0);
  const shown = new Map<string, number>();
  for (const c of counts) if (c.event === "step") shown.set(c.stepId, (shown.get(c.stepId) ?? 0) + c.count);
  const listed = doc?.steps ?? [];
  const gone = [...shown.keys()].filter((id) => !listed.includes(id)).sort((a, b) => shown.get(b)! - shown.get(a)! || a.localeCompare(b));
  const starts = total("start");
  const leads = total("lead");
  return {
    version,
    isDefault,
    inForms: doc !== undefined,
    starts,
    steps: [...listed, ...gone].map((stepId) => ({ stepId, reached: shown.get(stepId) ?? 0 })),
    submits: total("submit"),
    leads,
    conversion: starts > 0 ? leads / starts : undefined,
    interval: starts > 0 ? wilsonInterval(leads, starts) : undefined,
    vsDefault: undefined,
  };
}

/** A rate as a percentage with one decimal ("15.0%"), or "–" when there is none. */
export function percent(rate: number | undefined): string {
  return rate === undefined ? "–" : `${(rate * 100).toFixed(1)}%`;
}

/** A p-value as people read it: "p = 0.055", or "p < 0.001". */
export function pValue(p: number): string {
  return p < 0.001 ? "p < 0.001" : `p = ${p.toFixed(3)}`;
}

/** One sentence on a version's test against the default, e.g. "+7.5 points vs v1, z = 1.92, p = 0.055: not significant at 5%". */
export function testSentence(test: ProportionTest, defaultVersion: number): string {
  const points = test.difference * 100;
  const verdict = test.p < 0.05 ? `${points > 0 ? "higher" : "lower"} than v${defaultVersion}, significant at 5%` : "not significant at 5%";
  return `${points >= 0 ? "+" : "−"}${Math.abs(points).toFixed(1)} points vs v${defaultVersion}, z = ${test.z.toFixed(2)}, ${pValue(test.p)}: ${verdict}`;
}

/** The report as text for the terminal. */
export function formatFunnelReport(report: FunnelReport): string {
  const lines = [`Funnel for ${report.flowId}, ${report.since ? `since ${report.since}` : "all days"} (London dates); default version v${report.defaultVersion}`];
  const row = (label: string, value: string) => `  ${label.padEnd(28)} ${value}`;
  const count = (label: string, n: number) => row(label, String(n).padStart(7));
  for (const v of report.versions) {
    lines.push("", `v${v.version}${v.isDefault ? " (default)" : ""}${v.inForms ? "" : " (no longer in forms/)"}`);
    lines.push(count("starts", v.starts));
    for (const step of v.steps) lines.push(count(`step ${step.stepId}`, step.reached));
    lines.push(count("submits", v.submits), count("leads", v.leads));
    lines.push(row("conversion (leads/starts)", v.interval ? `${percent(v.conversion)}  95% CI ${percent(v.interval.low)} – ${percent(v.interval.high)}` : "– (no starts)"));
    if (!v.isDefault) lines.push(row("test against default", v.vsDefault ? testSentence(v.vsDefault, report.defaultVersion) : "– (needs starts on both versions)"));
  }
  return `${lines.join("\n")}\n`;
}
