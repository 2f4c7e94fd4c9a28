/** A flow draft laid out to edit: its steps on the left, its picture, the chosen step's properties and findings, the phone preview on the right. */
import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { Finding } from "../../engine/core/findings";
import type { FlowDocument } from "../../engine/core/types";
import { AddStep } from "./AddStep";
import { DeleteStep } from "./DeleteStep";
import { FindingsPanel } from "./FindingsPanel";
import { FlowPicture } from "./FlowPicture";
import { PhonePreview } from "./PhonePreview";
import { StartStep } from "./StartStep";
import { StepList } from "./StepList";
import { StepProperties } from "./StepProperties";
import { useScreenRest } from "./useScreenRest";

export interface FlowEditorProps {
  flow: FlowDocument;
  /** The version file's name ("v2.json"): findings naming a step in it are shown beside the step. */
  file: string;
  readOnly: boolean;
  findings: Finding[];
  onChange: (flow: FlowDocument, label: string) => void;
  /** Shown above the findings (the split editor, for a new version). */
  aside?: ReactNode;
}

export function FlowEditor({ flow, file, readOnly, findings, onChange, aside }: FlowEditorProps) {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  // The grid's top is where the picture would be unscrolled; the picture keeps that much room as it sticks in view.
  const room = useScreenRest<HTMLDivElement>();
  const stepIds = new Set(flow.steps.map((s) => s.id));
  // A step renamed, deleted or undone away is no longer chosen.
  const chosenStep = chosen !== undefined && stepIds.has(chosen) ? chosen : undefined;
  const stepFindings = useMemo(() => findings.filter((f) => f.step !== undefined && f.file.endsWith(`/${file}`)), [findings, file]);
  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const f of stepFindings) map.set(f.step!, (map.get(f.step!) ?? 0) + 1);
    return map;
  }, [stepFindings]);
  const flagged = useMemo(() => new Set(counts.keys()), [counts]);
  const ofChosen = stepFindings.filter((f) => f.step === chosenStep);
  // The list's button to give the keyboard's focus to after the edit, when the focused control went with its step.
  const [focusAfter, setFocusAfter] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (focusAfter === undefined) return;
    [...(room.ref.current?.querySelectorAll<HTMLButtonElement>(".studio-steps button") ?? [])].find((button) => button.dataset.step === focusAfter)?.focus();
    setFocusAfter(undefined);
  }, [focusAfter, room.ref]);
  // A renamed step stays chosen: it keeps its place in the list. A deleted one is no longer chosen, and the
  // keyboard goes on from the list's button for the step now in its place, rather than from nowhere.
  const edit = (changed: FlowDocument, label: string) => {
    const at = flow.steps.findIndex((s) => s.id === chosenStep);
    const gone = at >= 0 && !changed.steps.some((s) => s.id === chosenStep);
    if (gone && changed.steps.length === flow.steps.length) setChosen(changed.steps[at]!.id);
    else if (gone) {
      setChosen(undefined);
      setFocusAfter(changed.steps[Math.min(at, changed.steps.length - 1)]?.id);
    }
    onChange(changed, label);
  };

  return (
    <div className="studio-grid" ref={room.ref}>
      <StepList flow={flow} chosen={chosenStep} findingCounts={counts} onChoose={setChosen} footer={<StartStep flow={flow} readOnly={readOnly} onChange={edit} />} />
      <div className="studio-picture-box" style={room.height ? { height: `${room.height}px` } : undefined}>
        <FlowPicture flow={flow} chosen={chosenStep} flagged={flagged} onChoose={setChosen} />
      </div>
      <div className="studio-properties">
        {chosenStep ? (
          <>
            <StepProperties flow={flow} stepId={chosenStep} readOnly={readOnly} findings={ofChosen} onChange={edit} />
            {!readOnly && (
              <div className="studio-step-actions">
                <AddStep flow={flow} afterId={chosenStep} onChange={edit} onAdded={setChosen} />
                <DeleteStep flow={flow} stepId={chosenStep} onChange={edit} />
              </div>
            )}
          </>
        ) : (
          <p>Choose a step, in the list of steps or in the picture, to see and change its properties.</p>
        )}
        {aside}
        <FindingsPanel findings={findings} onChoose={setChosen} />
      </div>
      <div className="studio-preview">
        <PhonePreview flow={flow} stepId={chosenStep ?? flow.start} />
      </div>
    </div>
  );
}
