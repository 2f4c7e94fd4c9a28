/**
 * A honeypot: a text input people never see or reach (off screen, hidden from assistive technology,
 * out of the tab order, no autofill), which bots that fill every input fill in. Place it outside the
 * visible form; the lead envelope reads its value when the lead is sent.
 */

import { HONEYPOT_FIELD } from "../../engine/core/servedStep";
import { STEP_FORM_ID } from "../../engine/react/fieldIds";

/** The honeypot input's name and id: a plausible field a bot would want to fill. */
export { HONEYPOT_FIELD };

/** Kept out of sight without display:none, which some bots skip. */
const hidden = { position: "absolute", left: "-10000px", top: "auto", width: "1px", height: "1px", overflow: "hidden" } as const;

/** The hidden honeypot input. */
export function Honeypot() {
  return (
    <div aria-hidden="true" style={hidden}>
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      {/* Sent with the step's form, so a plain form's post carries it too. */}
      <input type="text" id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} form={STEP_FORM_ID} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The honeypot's value on this page now: "" when it is absent or empty (a person), anything else from a bot. */
export function readHoneypot(): string {
  if (typeof document === "undefined") return "";
  const input = document.getElementById(HONEYPOT_FIELD);
  return input instanceof HTMLInputElement ? input.value : "";
}
