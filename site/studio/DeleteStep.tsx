/** Deletes the chosen step (stand-in until the confirming dialog arrives). */
import type { FlowDocument } from "../../engine/core/types";

export interface DeleteStepProps {
  flow: FlowDocument;
  stepId: string;
  onChange: (flow: FlowDocument, label: string) => void;
}

export function DeleteStep(_props: DeleteStepProps) {
  return null;
}
