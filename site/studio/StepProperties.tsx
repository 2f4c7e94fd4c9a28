/** A step's properties (stand-in until the property form arrives: the step's JSON). */
import type { Finding } from "../../engine/core/findings";
import type { FlowDocument } from "../../engine/core/types";

export interface StepPropertiesProps {
  flow: FlowDocument;
  stepId: string;
  readOnly: boolean;
  findings: Finding[];
  onChange: (flow: FlowDocument, label: string) => void;
}

export function StepProperties({ flow, stepId }: StepPropertiesProps) {
  const step = flow.steps.find((s) => s.id === stepId);
  return (
    <section aria-labelledby="step-properties-title">
      <h2 id="step-properties-title">Step {stepId}</h2>
      <pre>{JSON.stringify(step, null, 2)}</pre>
    </section>
  );
}
