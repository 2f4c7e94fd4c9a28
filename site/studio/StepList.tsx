/**
 * The flow's steps as buttons, one per step named by its id: the way to the properties by keyboard and screen reader.
 * The arrow keys choose the step before or after the one with the focus (Home and End the first and last), and take
 * the focus there.
 */
import { useRef, type KeyboardEvent, type ReactNode } from "react";
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

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (i, n) => Math.min(i + 1, n - 1),
  ArrowRight: (i, n) => Math.min(i + 1, n - 1),
  ArrowUp: (i) => Math.max(i - 1, 0),
  ArrowLeft: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export function StepList({ flow, chosen, findingCounts, onChoose, footer }: StepListProps) {
  const list = useRef<HTMLUListElement>(null);
  const move = (event: KeyboardEvent<HTMLUListElement>) => {
    const from = (event.target as HTMLElement).dataset.step;
    const index = flow.steps.findIndex((s) => s.id === from);
    const to = MOVES[event.key];
    if (index < 0 || !to || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    const next = flow.steps[to(index, flow.steps.length)]!.id;
    onChoose(next);
    list.current?.querySelector<HTMLButtonElement>(`button[data-step="${CSS.escape(next)}"]`)?.focus();
  };
  return (
    <section aria-labelledby="steps-title" className="studio-steps">
      <h2 id="steps-title">Steps</h2>
      <ul ref={list} onKeyDown={move}>
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
