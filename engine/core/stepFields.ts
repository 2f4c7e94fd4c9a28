/** Which fields each step writes to: no schemas here, so the browser can ask it cheaply. */
import { assertNever, type Answers, type FieldKey, type Step } from "./types";

/** Fields that a manually entered address is made of. */
export const manualAddressFields = ["street", "townCity", "postcode"] as const satisfies FieldKey[];

/** The fields a step writes to, in the order it asks for them. */
export function stepFields(step: Step, answers: Answers = {}): FieldKey[] {
  switch (step.kind) {
    case "radio":
    case "checkbox":
      return [step.field];
    case "form":
      return [...step.fields];
    case "full-business-address":
      return answers.businessAddressManual
        ? ["businessAddressManual", ...manualAddressFields]
        : ["businessAddressManual", "businessAddress", ...manualAddressFields];
    case "upsell":
      return ["upsell"];
    case "mmob":
    case "stickee":
    case "success":
      return [];
    default:
      return assertNever(step, "step kind");
  }
}
