/**
 * The step that sends the lead and the consent it shows, for the path a visitor's answers take. The page, the
 * envelope it sends and the server that stores it all ask here, so a flow whose branches end in different submit
 * steps records the wording of the branch taken.
 */
import { consentWording } from "./consentWording";
import { kindOf } from "./kinds/registry";
import type { Answers, FlowDocument, Step } from "./types";
import { stepsAhead } from "./walkFlow";

/** The submit step on the path these answers take from the flow's start, and the consent wording it shows. */
export interface SubmitPoint {
  step: Step;
  /** The step's own wording beside its button, before the partners are named. */
  consentText?: string;
}

/** Whether this step sends the lead when the visitor moves on from it. */
export function isSubmitStep(step: Step): boolean {
  return "submit" in step && step.submit === true;
}

/** The first submit step on the path these answers take from the start; none when the path ends before one. */
export function submitPointOnPath(flow: FlowDocument, answers: Answers): SubmitPoint | undefined {
  const step = stepsAhead(flow, flow.start, answers).find(isSubmitStep);
  if (!step) return undefined;
  const consentText = kindOf(step).consentText?.(step);
  return { step, ...(consentText ? { consentText } : {}) };
}

/** The consent wording the visitor saw beside the submit button on their path, naming these partners. */
export function consentShown(flow: FlowDocument, answers: Answers, partners: readonly string[] = []): string | undefined {
  const text = submitPointOnPath(flow, answers)?.consentText;
  return text === undefined ? undefined : consentWording(text, partners);
}

/** The steps the answers' path walks from the flow's start, in order, up to and with its first submit step. */
export function stepsToSubmit(flow: FlowDocument, answers: Answers): Step[] {
  const walked: Step[] = [];
  for (const step of stepsAhead(flow, flow.start, answers)) {
    walked.push(step);
    if (isSubmitStep(step)) break;
  }
  return walked;
}
