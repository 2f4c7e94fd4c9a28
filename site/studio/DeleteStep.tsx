/**
 * Deletes a step once confirmed in a dialog that lists the steps naming it first: which will go where it went
 * (fixed) and which are left for the analyst to re-route (flagged).
 */
import { useId, useRef, type KeyboardEvent } from "react";
import type { FlowDocument } from "../../engine/core/types";
import { deleteStep, nextOf } from "../../engine/studio/stepEdits";

interface DeleteStepProps {
  flow: FlowDocument;
  stepId: string;
  readOnly?: boolean;
  onChange(flow: FlowDocument, label: string): void;
}

const FOCUSABLE = "button:not([disabled])";

export function DeleteStep({ flow, stepId, readOnly = false, onChange }: DeleteStepProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const step = flow.steps.find((s) => s.id === stepId);
  if (!step) return null;
  const outcome = deleteStep(flow, stepId);
  const onward = nextOf(step);
  const startMoves = flow.start === stepId;

  // Cancel is focused first: the safe choice.
  const open = () => {
    dialog.current?.showModal();
    cancel.current?.focus();
  };
  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
  };
  const confirm = () => {
    dialog.current?.close();
    onChange(outcome.flow, `Delete step ${stepId}`);
  };
  // Focus stays in the dialog while it is open.
  const trapFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const edge = event.shiftKey ? focusable[0] : focusable.at(-1);
    if (document.activeElement === edge) {
      event.preventDefault();
      (event.shiftKey ? focusable.at(-1) : focusable[0])?.focus();
    }
  };
  return (
    <>
      <button type="button" ref={opener} disabled={readOnly} onClick={open}>
        Delete step {stepId}
      </button>
      <dialog ref={dialog} className="studio-dialog" aria-labelledby={`${id}-title`} onKeyDown={trapFocus} onClose={() => opener.current?.focus()}>
        <h2 id={`${id}-title`}>Delete step {stepId}?</h2>
        {outcome.fixed.length + outcome.flagged.length === 0 && !startMoves ? (
          <p>No other step names {stepId}.</p>
        ) : (
          <ul className="studio-dialog__list">
            {startMoves && <li>{outcome.flow.start === stepId ? `The flow starts at ${stepId}: choose another start afterwards.` : `The flow will start at ${outcome.flow.start} instead.`}</li>}
            {outcome.fixed.map((naming) => (
              <li key={naming}>
                Fixed: {naming} will go to {String(onward)} instead.
              </li>
            ))}
            {outcome.flagged.map((naming) => (
              <li key={naming}>
                Flagged: {naming} names {stepId} {Array.isArray(nextOf(flow.steps.find((s) => s.id === naming)!)) ? "in a rule" : "as its next step"}; choose where it goes afterwards.
              </li>
            ))}
          </ul>
        )}
        <div className="studio-dialog__actions">
          <button type="button" onClick={confirm}>
            Delete
          </button>
          <button type="button" ref={cancel} onClick={close}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
