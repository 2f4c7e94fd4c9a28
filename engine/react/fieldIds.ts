/** DOM ids shared by the step components and the error summary, so a summary link finds its field. */

/** The id of the step's form element; the Next lozenge submits it with `form=`. */
export const STEP_FORM_ID = "quote-step-form";

/** The id of the input (or first input) of a field. */
export function fieldId(field: string): string {
  return `field-${field}`;
}

/** The id of a field's inline error message. */
export function fieldErrorId(field: string): string {
  return `field-${field}-error`;
}
