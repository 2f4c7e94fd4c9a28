/** What the renderer draws for a quote flow's state: the step, its heading, the bar above it and its button. */
import { kindOf } from "./kinds/registry";
import type { QuoteFlowState } from "./quoteFlow";
import { stepFields } from "./stepFields";
import { isSubmitStep } from "./submitStep";
import type { Step } from "./types";
import { stepById, stepCount, type StepCount } from "./walkFlow";

export interface QuoteFlowView {
  step: Step;
  /** The step's heading: its question, or the confirmation once the lead is in. */
  heading: string;
  /** The lead is in or the flow has ended: no Back and nothing left to count. */
  ended: boolean;
  /** A Back lozenge: there is a step (or a flow) to return to. */
  back: boolean;
  /** A Next lozenge above the question: the step has an answer, and its own button does not send the lead. */
  nextLozenge: boolean;
  /** The label of the step's own button. */
  nextLabel: string;
  /** "Step 2 of 6". */
  count: StepCount;
}

export function quoteFlowView(state: QuoteFlowState): QuoteFlowView {
  const { flow, walk, answers, result } = state;
  const step = stepById(flow, walk.stepId);
  const submits = isSubmitStep(step);
  const answered = stepFields(step, answers).some((f) => (answers as Record<string, unknown>)[f] !== undefined);
  return {
    step,
    heading: kindOf(step).heading(step, result !== undefined),
    // Once the lead is in there is no going back to change it, and nothing left to measure progress by.
    ended: kindOf(step).ends === true || result !== undefined,
    back: walk.history.length > 0 || state.backAtStart,
    nextLozenge: answered && !submits,
    nextLabel: submits && "submitLabel" in step && step.submitLabel ? step.submitLabel : "Next",
    count: stepCount(flow, walk, answers),
  };
}
