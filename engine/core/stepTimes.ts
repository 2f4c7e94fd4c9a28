/**
 * When each step of a quote was answered, as a lead sent by the page's script carries it (schemas/lead.schema.json
 * `answeredMsBefore`). The page notes a monotonic time as the visitor moves on from each step and sends how long
 * before the request each was, so the server places them on its own clock as the lead arrives, whatever the
 * visitor's clock says. The page and the server both ask here.
 */
import type { StepAnswerTimes } from "../../schemas/generated/lead";

/** The oldest answer a lead may say when it was answered: a day, as long as its start token lives (schemas/lead.schema.json). */
export const STEP_TIME_MAX_MS = 86_400_000;

/**
 * How long before `sentAt` each step was answered, in whole milliseconds (never below 0), from the page's monotonic
 * times; a step answered longer ago than the envelope allows is left out rather than have the lead refused.
 */
export function answeredMsBefore(answeredAt: Readonly<Record<string, number>>, sentAt: number): StepAnswerTimes {
  const before = Object.entries(answeredAt).map(([stepId, at]) => [stepId, Math.max(0, Math.round(sentAt - at))] as const);
  return Object.fromEntries(before.filter(([, ms]) => ms <= STEP_TIME_MAX_MS));
}

/** Why a lead's step times are left out of its consent certificate. */
export type StepTimesProblem = "out of the path's order" | "answered before the quote began";

/**
 * How much earlier than the start token's issue a first answer may be placed: the page may send its first answer
 * before the token's answer reaches it, and each request's time on the way moves a placed time earlier.
 */
export const STEP_TIMES_SLACK_MS = 2_000;

/**
 * The times (ISO, by step id) of the steps on `path` (the answers' path, in order) that `sent` names, placed before
 * `receivedAt`; or why they are not to be believed: a later step answered before an earlier one, or a step before the
 * quote's start token was issued (`startedAt`, when the server checked the token). Steps off the path are left out,
 * as the replay leaves out their answers.
 */
export function placeStepTimes(path: readonly string[], sent: StepAnswerTimes, receivedAt: Date, startedAt: Date | undefined): { answeredAt: Record<string, string> } | { problem: StepTimesProblem } {
  const answeredAt: Record<string, string> = {};
  let previous = Number.NEGATIVE_INFINITY;
  for (const stepId of path) {
    const before = sent[stepId];
    if (before === undefined) continue;
    const at = receivedAt.getTime() - before;
    if (at < previous) return { problem: "out of the path's order" };
    if (startedAt && at < startedAt.getTime() - STEP_TIMES_SLACK_MS) return { problem: "answered before the quote began" };
    previous = at;
    answeredAt[stepId] = new Date(at).toISOString();
  }
  return { answeredAt };
}
