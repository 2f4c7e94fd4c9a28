/** The step as JSON, for what the form does not draw: applied with a button, a parse error said in words. */
import { useId, useState } from "react";
import type { FlowDocument, Step } from "../../engine/core/types";
import { replaceStep } from "../../engine/studio/stepEdits";

interface RawStepEditorProps {
  flow: FlowDocument;
  step: Step;
  readOnly: boolean;
  onChange(flow: FlowDocument, label: string): void;
}

export function RawStepEditor({ flow, step, readOnly, onChange }: RawStepEditorProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string>();
  const apply = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return setProblem(`This is not valid JSON: ${(error as Error).message}`);
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed) || typeof (parsed as { id?: unknown }).id !== "string") {
      return setProblem('A step is a JSON object with an "id", such as {"id": "supplier", "kind": "radio", …}.');
    }
    setProblem(undefined);
    onChange(replaceStep(flow, step.id, parsed as Step), `Edit step ${step.id} as JSON`);
  };
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => {
          setText(JSON.stringify(step, null, 2));
          setOpen(true);
        }}
      >
        Edit as JSON
      </button>
    );
  }
  return (
    <div className="studio-step-json">
      <label htmlFor={id}>Step {step.id} as JSON</label>
      <textarea id={id} value={text} rows={16} readOnly={readOnly} aria-describedby={problem ? `${id}-problem` : undefined} onChange={(e) => setText(e.target.value)} />
      {problem && (
        <p id={`${id}-problem`} className="studio-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="button" disabled={readOnly} onClick={apply}>
        Apply JSON
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Close JSON
      </button>
    </div>
  );
}
