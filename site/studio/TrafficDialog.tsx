/**
 * Every traffic change confirms first: what it does, what it does to visitors and to the experiment period, and Why.
 * New weights, a ship or a stop change what visitors see and start a new period; a change of the metric decided on
 * or of the guardrails starts one too, though visitors see the same; restoring a past traffic returns to that
 * traffic's period, whose results count on from where they were.
 */
import { useState, type FormEvent } from "react";
import { ConfirmButtons } from "./ConfirmButtons";
import { Modal } from "./Modal";

/** What the change does: new traffic for visitors, only a new way of deciding the test, or a past traffic back. */
export type TrafficEffect = "visitors" | "decision" | "restore";

export interface TrafficDialogProps {
  /** The change in words: "Ship v2: everyone gets v2." */
  change: string;
  /** Visitors, unless said otherwise. */
  effect?: TrafficEffect;
  /** Said when the control would get 0%. */
  warning?: string;
  busy: boolean;
  refusal?: string;
  onConfirm: (why: string) => void;
  onCancel: () => void;
}

export const EFFECT_WORDS: Record<TrafficEffect, string> = {
  visitors: "This changes what visitors see, at once, and starts a new experiment period: the results count from here apart.",
  decision: "Visitors see the same versions as before; this changes how the test is decided, at once, and starts a new experiment period: the results count from here apart.",
  restore: "This changes what visitors see, at once, and returns to the experiment period of that traffic: its results count on from where they were, with no new period.",
};

export function TrafficDialog({ change, effect = "visitors", warning, busy, refusal, onConfirm, onCancel }: TrafficDialogProps) {
  const [why, setWhy] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (why.trim()) onConfirm(why.trim());
  };
  return (
    <Modal title="Change the traffic?" onCancel={onCancel}>
      <form onSubmit={submit}>
        <p>{change}</p>
        <p>{EFFECT_WORDS[effect]}</p>
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
