/**
 * Each flow's test in one sentence, the same on the list of flows and at the top of the flow's own page: "v2 against
 * v1: keep running — 1,204 of 4,438 planned visits each; value per visit £1.92 against £1.80", "No test: v1 gets
 * every visitor"; and what to do next, in the studio's words.
 */
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import { METRIC_NAMES, type DecisionCode } from "../experiments/experimentDecision";
import { metricFigure } from "../experiments/experimentMetricWording";
import type { ExperimentReport, VersionReport } from "../experiments/experimentReport";
import { count } from "../experiments/experimentReportWording";

/** How a flow's test stands: no test, a test with no counted visit yet, or a version's decision. */
export type FlowStanding = "noTest" | "noVisits" | DecisionCode;

export interface FlowDecision {
  /** The most pressing of the versions' (split broken, then roll back, ship, keep running). */
  standing: FlowStanding;
  /** The sentence, plain text. */
  sentence: string;
}

/** The standings, most pressing first. */
export const URGENCY: FlowStanding[] = ["splitBroken", "rollBack", "ship", "keepRunning", "noVisits", "noTest"];

/** The versions visitors are drawn for (weight above 0), in number order. */
export function drawnVersions(flow: CorpusFlow): number[] {
  return Object.entries(flow.weights)
    .filter(([, weight]) => weight > 0)
    .map(([version]) => Number(version))
    .sort((a, b) => a - b);
}

/** The flow's test in a sentence, from its current period's report (undefined when no visit is counted yet). */
export function flowDecision(flow: CorpusFlow, report: ExperimentReport | undefined): FlowDecision {
  const drawn = drawnVersions(flow);
  const control = report?.period.control ?? flow.defaultVersion ?? drawn[0] ?? 1;
  if (drawn.length < 2) return { standing: "noTest", sentence: `No test: v${drawn[0] ?? control} gets every visitor` };
  const others = report?.versions.filter((v) => !v.isControl && v.weight > 0 && v.decision) ?? [];
  if (!report || others.length === 0) {
    const names = drawn.filter((v) => v !== control).map((v) => `v${v}`).join(" and ");
    return { standing: "noVisits", sentence: `${names} against v${control}: no visit counted yet` };
  }
  // The traffic split check is the whole flow's: one sentence for every version.
  if (others.some((v) => v.decision!.code === "splitBroken")) {
    const names = others.map((v) => `v${v.version}`).join(" and ");
    return { standing: "splitBroken", sentence: `${names} against v${control}: split broken — visitors did not arrive in the shares the split asks for, so no figure can be trusted; find the cause first` };
  }
  const controlReport = report.versions.find((v) => v.isControl);
  const parts = others.map((v) => versionSentence(report, v, controlReport));
  const standing = URGENCY.find((s) => others.some((v) => v.decision!.code === s)) ?? "keepRunning";
  return { standing, sentence: parts.join("; ") };
}

function versionSentence(report: ExperimentReport, v: VersionReport, control: VersionReport | undefined): string {
  const decision = v.decision!;
  const metric = report.decideOn;
  const figures = `${METRIC_NAMES[metric]} ${metricFigure(metric, v.metrics[metric].mean)} against ${metricFigure(metric, control?.metrics[metric].mean)}`;
  const head = `v${v.version} against v${report.period.control}`;
  switch (decision.code) {
    case "splitBroken":
      return `${head}: split broken`;
    case "ship":
      return `${head}: ship v${v.version} — better on ${METRIC_NAMES[metric]} and within every guardrail; ${figures}`;
    case "rollBack":
      return `${head}: roll back v${v.version} — ${decision.text.replace(/^roll back: /, "")}; ${figures}`;
    case "keepRunning": {
      const progress = Math.min(v.exposures, control?.exposures ?? 0);
      const planned = report.period.plannedPerVersion;
      const soFar = planned ? `${count(progress)} of ${count(planned)} planned visits each` : `${count(progress)} visits each, no plan set`;
      return `${head}: keep running — ${soFar}; ${figures}`;
    }
  }
}

/** What to do next, as the live studio's Traffic region names its controls (plain text, one or two sentences). */
export function whatNext(flow: CorpusFlow, report: ExperimentReport | undefined, standing: FlowStanding): string[] {
  const studio = `In the studio (/analysts/studio/), open ${flow.id}`;
  const control = report?.period.control ?? flow.defaultVersion ?? 1;
  const decided = (code: DecisionCode) => report?.versions.filter((v) => v.decision?.code === code).map((v) => `v${v.version}`) ?? [];
  switch (standing) {
    case "noTest":
      return [`To test a change: ${studio}, press New version from this one, make the change, publish it and give it a weight under Traffic (50% each is quickest).`];
    case "noVisits":
      return ["Nothing to do yet: the figures start with the first visit served this traffic. Make sure the flow is live and linked from the site."];
    case "splitBroken":
      return [
        "Do not decide anything on these figures. Look for what steers visitors to one version: a cache serving one version's page to others, an old link with ?v=, bots, a version failing to load, or weights changed mid-test.",
        `When it is fixed, save the traffic again under Traffic in the studio: a change starts a new period, with figures of its own.`,
      ];
    case "ship":
      return [`${studio} and, under Traffic, press Ship ${decided("ship")[0] ?? "vN for the winner"}: it becomes the control with a weight of 100% and the others 0%. Every visitor then gets it, and the test ends.`];
    case "rollBack":
      return [`${studio} and, under Traffic, press ${decided("rollBack").map((v) => `Stop ${v}`).join(" and ")}: its share goes to the other versions with traffic, in proportion, and the test of it ends (v${control} stays the control).`];
    case "keepRunning":
      return report?.period.plannedPerVersion
        ? ["Leave the weights under Traffic as they are and look again in a few days; the decision can come before the plan is reached, and it holds however often you look."]
        : [
            "Leave the weights under Traffic as they are and look again in a few days.",
            "No plan is set, so this page cannot say how far the test has got: the guide's “Plan how many visitors you need” shows how to work one out and set it.",
          ];
  }
}
