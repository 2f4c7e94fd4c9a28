/** What a version changes (its `description`), editable while the version is: the report and the flows page show it. */
import type { FlowDocument } from "../../engine/core/types";

export interface DescriptionFieldProps {
  flow: FlowDocument;
  onChange: (flow: FlowDocument, label: string) => void;
}

export function DescriptionField({ flow, onChange }: DescriptionFieldProps) {
  return (
    <p className="studio-description">
      <label htmlFor="version-description">What this version changes</label>
      <input id="version-description" type="text" value={flow.description ?? ""} onChange={(e) => onChange({ ...flow, description: e.target.value }, "Change the description")} />
    </p>
  );
}
