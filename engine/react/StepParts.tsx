/** Small pieces every step draws the same way. */
import type { FieldError } from "../core/types";
import { fieldErrorId } from "./fieldIds";

/** The button at the foot of a step that moves on (or submits, on the submit step). */
export function NextButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <button type="submit" className="button button--primary button--next" disabled={busy} aria-busy={busy || undefined}>
      {busy ? "Sending…" : label}
    </button>
  );
}

/** A field's inline error, referenced by the field's aria-describedby. */
export function FieldErrorMessage({ field, errors }: { field: string; errors: FieldError[] }) {
  const error = errors.find((e) => e.field === field);
  if (!error) return null;
  return (
    <p className="field-error" id={fieldErrorId(field)}>
      <span className="visually-hidden">Error: </span>
      {error.message}
    </p>
  );
}

/** Whether a field has an error, for aria-invalid. */
export function hasError(field: string, errors: FieldError[]): boolean {
  return errors.some((e) => e.field === field);
}
