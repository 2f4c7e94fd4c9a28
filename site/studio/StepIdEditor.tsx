/** The step's id, renamed with a button (every reference follows), so a half-typed id never renames anything. */
import { useId, useState } from "react";
import type { FlowDocument, Step } from "../../engine/core/types";
import { replaceStep } from "../../engine/studio/stepEdits";

const STEP_ID = /^[a-z][a-zA-Z0-9-]*$/;

interface StepIdEditorProps {
  flow: FlowDocument;
  step: Step;
  readOnly: boolean;
  onChange(flow: FlowDocument, label: string): void;
}

export function StepIdEditor({ flow, step, readOnly, onChange }: StepIdEditorProps) {
  const id = useId();
  const [typed, setTyped] = useState(step.id);
  const [problem, setProblem] = useState<string>();
  const rename = () => {
    const wanted = typed.trim();
    if (wanted === step.id) return setProblem(undefined);
    if (!STEP_ID.test(wanted) || wanted.length > 60) return setProblem("A step id starts with a small letter and has only letters, digits and hyphens (up to 60).");
    if (flow.steps.some((s) => s.id === wanted)) return setProblem(`Another step is called "${wanted}".`);
    setProblem(undefined);
    onChange(replaceStep(flow, step.id, { ...step, id: wanted }), `Rename step ${step.id} to ${wanted}`);
  };
  return (
    <div className="studio-step-id">
      <label htmlFor={id}>Step id</label>
      <input
        id={id}
        value={typed}
        readOnly={readOnly}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            rename();
          }
        }}
      />
      <button type="button" disabled={readOnly} onClick={rename}>
        Rename step
      </button>
      {problem && (
        <p id={`${id}-problem`} className="studio-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
