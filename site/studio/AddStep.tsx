/** Adds a step of any kind after the chosen step: the kind's starting step, which takes over where that step went. */
import { useId, useState } from "react";
import type { FlowDocument, StepKind } from "../../engine/core/types";
import { addStepAfter } from "../../engine/studio/stepEdits";
import { kindDefinition, kindWords, schemaKinds } from "./stepFormSchema";

interface AddStepProps {
  flow: FlowDocument;
  afterId: string;
  readOnly?: boolean;
  onChange(flow: FlowDocument, label: string): void;
  /** Told the new step's id, to choose it. */
  onAdded?(stepId: string): void;
}

export function AddStep({ flow, afterId, readOnly = false, onChange, onAdded }: AddStepProps) {
  const id = useId();
  const kinds = schemaKinds();
  const [kind, setKind] = useState<StepKind>(kinds[0]!);
  const add = () => {
    const { flow: changed, added } = addStepAfter(flow, afterId, kind);
    onChange(changed, `Add ${kindWords(kind).toLowerCase()} ${added} after ${afterId}`);
    onAdded?.(added);
  };
  return (
    <div className="studio-add-step">
      <label htmlFor={id}>Kind of step to add</label>
      <select id={id} value={kind} disabled={readOnly} aria-describedby={`${id}-about`} onChange={(e) => setKind(e.target.value as StepKind)}>
        {kinds.map((k) => (
          <option key={k} value={k}>
            {kindWords(k)}
          </option>
        ))}
      </select>
      <p id={`${id}-about`} className="studio-hint">
        {String(kindDefinition(kind).description ?? "")}
      </p>
      <button type="button" disabled={readOnly} onClick={add}>
        Add step after {afterId}
      </button>
    </div>
  );
}
