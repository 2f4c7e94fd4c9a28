/** Which fields each step writes to: asked of the step's kind, with no schemas, so the browser can ask it cheaply. */
import { kindOf } from "./kinds/registry";
import type { Answers, FieldKey, Step } from "./types";

/** The fields a step writes to, in the order it asks for them. */
export function stepFields(step: Step, answers: Answers = {}): FieldKey[] {
  return kindOf(step).fields(step, answers);
}
