/** What the studio's editors of one step's properties share: the draft flow, the step and whether it may change. */
import { createContext, use } from "react";
import type { FlowDocument, Step } from "../../engine/core/types";

export interface StepContextValue {
  flow: FlowDocument;
  step: Step;
  readOnly: boolean;
}

export const StepContext = createContext<StepContextValue | undefined>(undefined);

/** The step being edited; only inside StepProperties. */
export function useStepContext(): StepContextValue {
  const value = use(StepContext);
  if (!value) throw new Error("A step property editor is drawn outside StepProperties");
  return value;
}
