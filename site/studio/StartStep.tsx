/** Which step every visitor starts at (the flow's `start`), chosen from the flow's steps. */
import { useId } from "react";
import type { FlowDocument } from "../../engine/core/types";

export interface StartStepProps {
  flow: FlowDocument;
  readOnly: boolean;
  onChange: (flow: FlowDocument, label: string) => void;
}

export function StartStep({ flow, readOnly, onChange }: StartStepProps) {
  const id = useId();
  const known = flow.steps.some((s) => s.id === flow.start);
  return (
    <div className="studio-start">
      <label htmlFor={id}>First step</label>
      <select id={id} value={flow.start} disabled={readOnly} aria-describedby={`${id}-about`} onChange={(e) => onChange({ ...flow, start: e.target.value }, `Start at ${e.target.value}`)}>
        {!known && <option value={flow.start}>{flow.start} (no such step)</option>}
        {flow.steps.map((s) => (
          <option key={s.id} value={s.id}>
            {s.id}
          </option>
        ))}
      </select>
      <p id={`${id}-about`} className="studio-hint">
        Where every visitor starts.
      </p>
    </div>
  );
}
