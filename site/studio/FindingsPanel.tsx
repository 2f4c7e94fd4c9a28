/** Every finding for the draft, with its fix: errors first; the status line says whether it can be saved. */
import type { Finding } from "../../engine/core/findings";
import { findingPlace, inStudioWords } from "../../engine/studio/studioWords";

export interface FindingsPanelProps {
  findings: Finding[];
  /** Chooses the step a finding names. */
  onChoose?: (stepId: string) => void;
}

/** "1 error, 2 warnings" */
export function countWords(findings: readonly Finding[]): string {
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.length - errors;
  return `${errors} ${errors === 1 ? "error" : "errors"}, ${warnings} ${warnings === 1 ? "warning" : "warnings"}`;
}

export function FindingsPanel({ findings, onChoose }: FindingsPanelProps) {
  const sorted = [...findings].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
  return (
    <section aria-labelledby="findings-title" className="studio-findings">
      <h2 id="findings-title">Findings</h2>
      <p role="status">{findings.length === 0 ? "No findings: the checks pass." : countWords(findings)}</p>
      {sorted.length > 0 && (
        <ul>
          {sorted.map((f, i) => (
            <FindingItem key={`${f.file}-${f.step ?? ""}-${f.rule}-${i}`} finding={f} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One finding: its severity, where, what is wrong and how to fix it. */
function FindingItem({ finding: asFound, onChoose }: { finding: Finding; onChoose?: (stepId: string) => void }) {
  const finding = inStudioWords(asFound);
  const { step } = finding;
  return (
    <li className={`studio-finding ${finding.severity}`}>
      <strong>{finding.severity === "error" ? "Error" : "Warning"}</strong>{" "}
      {step && onChoose ? (
        <button type="button" className="studio-link" onClick={() => onChoose(step)}>
          step {step}
        </button>
      ) : step ? (
        `step ${step}`
      ) : (
        findingPlace(finding)
      )}
      : {finding.message}
      <br />
      <span className="studio-fix">Fix: {finding.fix}</span>
    </li>
  );
}
