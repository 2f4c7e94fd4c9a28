/** Adds a step after the chosen one (stand-in until the kind chooser arrives). */
import type { FlowDocument } from "../../engine/core/types";

export interface AddStepProps {
  flow: FlowDocument;
  afterId: string;
  onChange: (flow: FlowDocument, label: string) => void;
}

export function AddStep(_props: AddStepProps) {
  return null;
}
