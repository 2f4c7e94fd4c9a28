/** The flow's steps as buttons, one per step named by its id: the way to the properties by keyboard and screen reader. */
import type { ReactNode } from "react";
import type { FlowDocument } from "../../engine/core/types";

export interface StepListProps {
  flow: FlowDocument;
  chosen?: string;
  /** Step id → how many findings name it. */
  findingCounts: ReadonlyMap<string, number>;
  onChoose: (stepId: string) => void;
  /** Shown under the list (the choice of the first step). */
  footer?: ReactNode;
}

export function StepList({ flow, chosen, findingCounts, onChoose, footer }: StepListProps) {
  return (
    <section aria-labelledby="steps-title" className="studio-steps">
      <h2 id="steps-title">Steps</h2>
      <ul>
        {flow.steps.map((step) => {
          const count = findingCounts.get(step.id) ?? 0;
          return (
            <li key={step.id}>
              <button type="button" data-step={step.id} aria-pressed={chosen === step.id} aria-describedby={count ? `step-note-${step.id}` : undefined} onClick={() => onChoose(step.id)} className={count ? "flagged" : undefined}>
                {step.id}
              </button>
              {step.id === flow.start && <span className="studio-mark">start</span>}
              {count > 0 && (
                <span id={`step-note-${step.id}`} className="studio-mark studio-flag" title={count === 1 ? "1 finding" : `${count} findings`}>
                  <span aria-hidden="true">!</span>
                  <span className="visually-hidden">{count === 1 ? "1 finding" : `${count} findings`}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {footer}
    </section>
  );
}
