/** The draft drawn on a phone at the chosen step (stand-in until the preview frame arrives). */
import type { FlowDocument } from "../../engine/core/types";

export interface PhonePreviewProps {
  flow: FlowDocument;
  stepId: string;
}

export function PhonePreview({ stepId }: PhonePreviewProps) {
  return (
    <section aria-labelledby="phone-preview-title" className="studio-phone">
      <h2 id="phone-preview-title">Phone preview</h2>
      <p>At step {stepId}</p>
    </section>
  );
}
