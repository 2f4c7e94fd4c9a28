/**
 * The decision settings a traffic change may set with its weights: the metric the test decides on (`decideOn`) and
 * the guardrails (metric → the relative loss tolerated against the control, 0 to 1). Left out of the change, the
 * settings in force are kept; `null` returns a setting to its default (value per visit; a 5% guardrail on leads).
 */
import type { TrafficSplit } from "../../schemas/generated/split";
import { refused, type ChangeAnswer } from "./publishVersion";

/** The metrics a test can decide on or guard. */
export const DECISION_METRICS = ["leads", "acceptedLeads", "value"] as const;

type Metric = (typeof DECISION_METRICS)[number];
type Decision = Pick<TrafficSplit, "decideOn" | "guardrails">;

const isMetric = (value: unknown): value is Metric => typeof value === "string" && (DECISION_METRICS as readonly string[]).includes(value);

const METRICS_IN_WORDS = 'one of "leads", "acceptedLeads" or "value"';

/** The decision settings after the change, or the refusal that says what they must be. */
export function decisionSettings(current: TrafficSplit, ask: { decideOn?: unknown; guardrails?: unknown }): Decision | ChangeAnswer {
  const decideOn = ask.decideOn === undefined ? current.decideOn : ask.decideOn;
  if (decideOn !== undefined && decideOn !== null && !isMetric(decideOn)) return refused(400, `The metric to decide on must be ${METRICS_IN_WORDS}.`);
  const guardrails = ask.guardrails === undefined ? current.guardrails : ask.guardrails;
  const rails = guardrails === undefined || guardrails === null ? undefined : readGuardrails(guardrails);
  if (rails !== undefined && "done" in rails) return rails;
  return { ...(isMetric(decideOn) ? { decideOn } : {}), ...(rails ? { guardrails: rails } : {}) };
}

function readGuardrails(value: unknown): NonNullable<TrafficSplit["guardrails"]> | ChangeAnswer {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return refused(400, 'Give the guardrails as metric → the loss tolerated, as { "leads": 0.05 }.');
  const rails: NonNullable<TrafficSplit["guardrails"]> = {};
  for (const [metric, margin] of Object.entries(value as Record<string, unknown>)) {
    if (!isMetric(metric)) return refused(400, `A guardrail's metric must be ${METRICS_IN_WORDS}.`);
    if (typeof margin !== "number" || !Number.isFinite(margin) || margin < 0 || margin > 1) return refused(400, `The guardrail on ${metric} must be a loss between 0 and 1 (0.05 is at most 5% lost).`);
    rails[metric] = margin;
  }
  return rails;
}
