/** The lint rules of a step that offers options (radio and checkbox): every option has words and its own value. */
import type { Option } from "../types";
import type { StepLint } from "./stepKind";

export function lintOptions(step: { options: Option[] }, lint: StepLint): void {
  const seen = new Set<string>();
  for (const option of step.options) {
    if (!option.label.trim()) lint.report("option-label", `option "${option.value}" has no label`, "give the option the words a visitor should read");
    if (seen.has(option.value)) lint.report("duplicate-option", `option value "${option.value}" appears twice`, "give each option its own value");
    seen.add(option.value);
  }
}
