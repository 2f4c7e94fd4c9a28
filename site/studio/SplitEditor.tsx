/** The split's weights (one number per version, adding up to 100) and its control, edited beside a new version. */
import { useEffect, useRef } from "react";
import { weightTotal, type SplitDocument } from "../../engine/studio/workspace";

export interface SplitEditorProps {
  split: SplitDocument;
  onChange: (split: SplitDocument, label: string) => void;
}

export function SplitEditor({ split, onChange }: SplitEditorProps) {
  const versions = Object.keys(split.weights);
  const total = weightTotal(split);
  const heading = useRef<HTMLHeadingElement>(null);
  // It appears when a new version is made: the keyboard goes on from here, to the weights and then Save.
  useEffect(() => heading.current?.focus(), []);
  const setWeight = (version: string, value: string) =>
    onChange({ ...split, weights: { ...split.weights, [version]: value === "" ? 0 : Number(value) } }, `Change weight of v${version} to ${value || 0}%`);
  return (
    <section aria-labelledby="split-title" className="studio-split">
      <h2 id="split-title" ref={heading} tabIndex={-1}>Traffic split</h2>
      <p>The share of visitors each version gets (split.json). A new version starts at 0%.</p>
      {versions.map((version) => (
        <p key={version}>
          <label htmlFor={`weight-${version}`}>Weight of v{version} (%)</label>{" "}
          <input id={`weight-${version}`} type="number" min={0} max={100} step={1} value={split.weights[version]} onChange={(e) => setWeight(version, e.target.value)} />
        </p>
      ))}
      <p>
        <label htmlFor="split-default">Control (the default version)</label>{" "}
        <select id="split-default" value={split.default} onChange={(e) => onChange({ ...split, default: Number(e.target.value) }, `Make v${e.target.value} the control`)}>
          {versions.map((version) => (
            <option key={version} value={version}>
              v{version}
            </option>
          ))}
        </select>
      </p>
      <p role="status" className={total === 100 ? undefined : "studio-problem"}>
        {total === 100 ? "Weights add up to 100." : `Weights add up to ${total}; they must add up to 100`}
      </p>
    </section>
  );
}
