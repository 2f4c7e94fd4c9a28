/** The findings on a step, each with its fix, at the top of its properties. */
import type { Finding } from "../../engine/core/findings";
import { inStudioWords } from "../../engine/studio/studioWords";

export function StepFindings({ findings }: { findings: readonly Finding[] }) {
  if (findings.length === 0) return null;
  return (
    <ul className="studio-step-findings" aria-label="Findings on this step">
      {findings.map(inStudioWords).map((f, i) => (
        <li key={i} className={`studio-finding ${f.severity}`}>
          <strong>{f.severity === "error" ? "Error" : "Warning"}:</strong> {f.message} <span className="studio-finding__rule">({f.rule})</span>
          <br />
          <span className="studio-fix">Fix: {f.fix}</span>
        </li>
      ))}
    </ul>
  );
}
