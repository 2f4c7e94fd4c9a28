/** What the flow checks report: each finding names the file, the step where there is one, what is wrong and how to fix it. */

export interface Finding {
  severity: "error" | "warning";
  /** The rule's name, as docs/analysts.md lists them (`unknown-step`, `dead-end`…). */
  rule: string;
  /** The file as people name it: `forms/business-water/v2.json`. */
  file: string;
  step?: string;
  message: string;
  fix: string;
}

/** Whether any finding is an error (a flow file with one is not served, and the build stops). */
export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === "error");
}

/** `file: step "id": message`, the finding on one line. */
export function findingLine(f: Finding): string {
  return `${f.file}: ${f.step ? `step "${f.step}": ` : ""}${f.message}`;
}

/** One finding as printed: `error  file: step "id": message (rule)`, and its fix beneath. */
export function formatFinding(f: Finding): string {
  return `${f.severity === "error" ? "error" : "warning"}  ${findingLine(f)} (${f.rule})\n         fix: ${f.fix}`;
}

/** Every finding, then the count of errors and warnings: what `npm run forms:check` and the build print. */
export function formatFindings(findings: readonly Finding[]): string {
  return [...findings.map(formatFinding), findingsCount(findings)].join("\n");
}

/** "0 errors, 0 warnings", "1 error, 0 warnings", "2 errors, 1 warning". */
export function findingsCount(findings: readonly Finding[]): string {
  const errors = findings.filter((f) => f.severity === "error").length;
  return `${countOf(errors, "error")}, ${countOf(findings.length - errors, "warning")}`;
}

/** "1 error", "2 errors", "0 errors". */
export function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
