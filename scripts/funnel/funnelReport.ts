/**
 * The funnel report, computed from daily counts: per version, starts, each step in the order most visitors meet
 * them with the share lost at each, submits, leads and conversion (leads / starts) with its 95% Wilson interval,
 * and each other version tested against the default.
 */
import { targetsOf } from "../../engine/core/checkFlow";
import type { FlowDocument } from "../../engine/core/types";
import type { FunnelCount } from "../../server/storage/funnelStore";
import { twoProportionTest, wilsonInterval, type Interval, type ProportionTest } from "./stats";

/** A version the report covers, with its document (for the order visitors meet its steps). */
export interface ReportedVersion {
  version: number;
  /** The version's document; undefined for a version no longer in forms/. */
  flow?: FlowDocument;
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
  /** On the path most visitors take. */
  onPath: boolean;
  /** On that path: the share of those shown this step who were not shown the next; undefined at the end or without counts. */
  dropOff?: number;
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

/**
 * Computes the report: versions in number order; each version's steps along the path most visitors take (from
 * the start, the next step shown most often), then its other steps and steps counted but no longer in the
 * document, most shown first.
 */
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
  const path = doc?.flow ? visitorPath(doc.flow, shown) : [];
  const others = [...new Set([...(doc?.flow?.steps.map((s) => s.id) ?? []), ...shown.keys()])]
    .filter((id) => !path.includes(id))
    .sort((a, b) => (shown.get(b) ?? 0) - (shown.get(a) ?? 0) || a.localeCompare(b));
  const reach = (id: string | undefined) => (id === undefined ? 0 : (shown.get(id) ?? 0));
  const starts = total("start");
  const leads = total("lead");
  return {
    version,
    isDefault,
    inForms: doc?.flow !== undefined,
    starts,
    steps: [
      ...path.map((stepId, i): StepReach => {
        const next = path[i + 1];
        const here = reach(stepId);
        return { stepId, reached: here, onPath: true, ...(next !== undefined && here > 0 ? { dropOff: 1 - reach(next) / here } : {}) };
      }),
      ...others.map((stepId): StepReach => ({ stepId, reached: reach(stepId), onPath: false })),
    ],
    submits: total("submit"),
    leads,
    conversion: starts > 0 ? leads / starts : undefined,
    interval: starts > 0 ? wilsonInterval(leads, starts) : undefined,
    vsDefault: undefined,
  };
}

/** The path most visitors take: from the start, at each step the next step (of those its transitions name) shown most often. */
export function visitorPath(flow: FlowDocument, shown: ReadonlyMap<string, number>): string[] {
  const path: string[] = [];
  let current: string | undefined = flow.start;
  while (current !== undefined && !path.includes(current)) {
    const step = flow.steps.find((s) => s.id === current);
    if (!step) break;
    path.push(current);
    const next = [...new Set(targetsOf(step).filter((t): t is string => typeof t === "string" && !path.includes(t)))];
    // Ties (and steps never shown) follow the document's order of rules, which ends with the usual case.
    current = next.reduce<string | undefined>((best, id) => (best === undefined || (shown.get(id) ?? 0) > (shown.get(best) ?? 0) ? id : best), undefined);
  }
  return path;
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
    for (const step of v.steps.filter((s) => s.onPath)) {
      lines.push(`${count(`step ${step.stepId}`, step.reached)}${step.dropOff === undefined ? "" : `  ${percent(step.dropOff).padStart(6)} drop-off`}`);
    }
    const others = v.steps.filter((s) => !s.onPath);
    if (others.length > 0) lines.push(`  ${v.inForms ? "off the usual path" : "steps"}:`);
    for (const step of others) lines.push(count(`  step ${step.stepId}`, step.reached));
    lines.push(count("submits", v.submits), count("leads", v.leads));
    lines.push(row("conversion (leads/starts)", v.interval ? `${percent(v.conversion)}  95% CI ${percent(v.interval.low)} – ${percent(v.interval.high)}` : "– (no starts)"));
    if (!v.isDefault) lines.push(row("test against default", v.vsDefault ? testSentence(v.vsDefault, report.defaultVersion) : "– (needs starts on both versions)"));
  }
  return `${lines.join("\n")}\n`;
}
