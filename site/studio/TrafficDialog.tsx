/** Every traffic change confirms first: what it does, that visitors see it and a new experiment period starts, Why. */
import { useState, type FormEvent } from "react";
import { ConfirmButtons } from "./ConfirmButtons";
import { Modal } from "./Modal";

export interface TrafficDialogProps {
  /** The change in words: "Ship v2: everyone gets v2." */
  change: string;
  /** Said when the control would get 0%. */
  warning?: string;
  busy: boolean;
  refusal?: string;
  onConfirm: (why: string) => void;
  onCancel: () => void;
}

export function TrafficDialog({ change, warning, busy, refusal, onConfirm, onCancel }: TrafficDialogProps) {
  const [why, setWhy] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (why.trim()) onConfirm(why.trim());
  };
  return (
    <Modal title="Change the traffic?" onCancel={onCancel}>
      <form onSubmit={submit}>
        <p>{change}</p>
        <p>This changes what visitors see, at once, and starts a new experiment period: the results count from here apart.</p>
        {warning && (
          <p className="studio-problem">
            <strong>Warning:</strong> {warning}
          </p>
        )}
        <label htmlFor="traffic-why">Why</label>
        <input id="traffic-why" type="text" required maxLength={200} value={why} onChange={(event) => setWhy(event.target.value)} />
        {refusal && <p role="alert">{refusal}</p>}
        <ConfirmButtons confirm="Confirm traffic change" busy={busy} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
