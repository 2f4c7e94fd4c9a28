/** One version of a flow, opened: its picture, its steps, the chosen step's properties, its findings, undo and save. */
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { hasErrors, type Finding } from "../../engine/core/findings";
import { newVersionFrom, readSplit, versionsOf, weightTotal, type Workspace } from "../../engine/studio/workspace";
import { ConflictView } from "./ConflictView";
import { DescriptionField } from "./DescriptionField";
import { FindingsPanel } from "./FindingsPanel";
import { FlowEditor } from "./FlowEditor";
import { NewVersion } from "./NewVersion";
import { RawFileEditor } from "./RawFileEditor";
import { SaveDialog } from "./SaveDialog";
import { SplitEditor } from "./SplitEditor";
import type { FlowFiles } from "./studioApi";
import { useDraft } from "./useDraft";
import { STUDIO_HOME, versionPath } from "./studioPlace";
import { useSave } from "./useSave";
import { useLeaveWarning, useUndoShortcuts } from "./useShortcuts";

export interface VersionEditorProps {
  opened: FlowFiles;
  workspace: Workspace;
  /** Drops the draft and opens the files as they are on disk now. */
  onReload: () => void;
}

const LIVE_NOTICE = "Visitors are getting this version now: changing it would mix two designs in one set of results.";

/** Why Save cannot be pressed, or undefined when it can. */
function saveRefusal(changed: number, findings: Finding[], splitTotal: number | undefined): string | undefined {
  if (hasErrors(findings)) return "Save is refused while there is an error: fix the errors under Findings first.";
  if (splitTotal !== undefined && splitTotal !== 100) return `Save is refused until the weights add up to 100 (they add up to ${splitTotal}).`;
  if (changed === 0) return "Nothing to save: there are no unsaved changes.";
  return undefined;
}

export function VersionEditor({ opened, workspace: openedWorkspace, onReload }: VersionEditorProps) {
  const draft = useDraft(opened.id, openedWorkspace, opened.files, opened.findings);
  const { workspace, disk, findings, changed } = draft;
  const [asking, setAsking] = useState(false);
  const save = useSave(opened.id, opened.root, draft, (created) => {
    if (created) window.history.replaceState(null, "", versionPath(opened.id, workspace.version));
  });
  const splitOnDisk = useMemo(() => readSplit(disk["split.json"]?.text), [disk]);
  const readOnly = !workspace.created && (splitOnDisk?.weights[String(workspace.version)] ?? 0) > 0;
  const dialogOpen = asking || save.state.step === "confirm" || save.state.step === "conflict";
  useUndoShortcuts(draft.undo, draft.redo, !dialogOpen);
  const unsaved = Object.keys(changed);
  useLeaveWarning(unsaved.length > 0);

  const taken = versionsOf(Object.keys(disk));
  const nextVersion = Math.max(workspace.version, ...taken) + 1;
  const refusal = saveRefusal(unsaved.length, findings, workspace.split ? weightTotal(workspace.split) : undefined);
  const title = `${opened.id} v${workspace.version}`;

  return (
    <main className="studio-version">
      <header className="studio-header">
        <p>
          <Link to={STUDIO_HOME}>All flows</Link>
        </p>
        <h1>{title}</h1>
        <div className="studio-toolbar" role="toolbar" aria-label="Edits">
          {/* Each names the edit it takes back or makes again, on the button itself. */}
          <button type="button" className="studio-edit-button" onClick={draft.undo} disabled={!draft.canUndo} title={draft.undoLabel ? `Undo: ${draft.undoLabel}` : "Nothing to undo"}>
            {draft.undoLabel ? `Undo: ${draft.undoLabel}` : "Undo"}
          </button>
          <button type="button" className="studio-edit-button" onClick={draft.redo} disabled={!draft.canRedo} title={draft.redoLabel ? `Redo: ${draft.redoLabel}` : "Nothing to redo"}>
            {draft.redoLabel ? `Redo: ${draft.redoLabel}` : "Redo"}
          </button>
          {!readOnly && "flow" in workspace.draft && (
            <button type="button" onClick={() => setAsking(true)}>
              New version
            </button>
          )}
          {!readOnly && (
            <button type="button" className="primary" onClick={save.start} disabled={refusal !== undefined || save.state.step === "busy"} aria-describedby="save-reason">
              Save
            </button>
          )}
        </div>
        {!readOnly && "flow" in workspace.draft && <DescriptionField flow={workspace.draft.flow} onChange={(flow, label) => draft.edit({ ...workspace, draft: { flow } }, label)} />}
        {!readOnly && <p id="save-reason">{refusal ?? `Unsaved changes: ${unsaved.join(", ")}.`}</p>}
        <p role="status" className="studio-status">
          {save.status}
        </p>
        {readOnly && (
          <div className="studio-notice">
            <p>
              <strong>Read only.</strong> {LIVE_NOTICE}
            </p>
            <button type="button" onClick={() => setAsking(true)}>
              New version from this one
            </button>
          </div>
        )}
      </header>

      {"flow" in workspace.draft ? (
        <FlowEditor
          flow={workspace.draft.flow}
          file={workspace.name}
          readOnly={readOnly}
          findings={findings}
          onChange={(flow, label) => draft.edit({ ...workspace, draft: { flow } }, label)}
          aside={workspace.split && <SplitEditor split={workspace.split} onChange={(split, label) => draft.edit({ ...workspace, split }, label)} />}
        />
      ) : (
        <div className="studio-raw">
          <RawFileEditor file={`${opened.root}/${opened.id}/${workspace.name}`} text={workspace.draft.text} onChange={(draftNow, label) => draft.edit({ ...workspace, draft: draftNow }, label)} />
          <FindingsPanel findings={findings} />
        </div>
      )}

      {asking && (
        <NewVersion
          version={nextVersion}
          from={workspace.version}
          onCancel={() => setAsking(false)}
          onCreate={(description) => {
            const made = newVersionFrom(workspace, taken, description, splitOnDisk);
            setAsking(false);
            if (made) draft.edit(made, `Make v${made.version} from v${workspace.version}`);
          }}
        />
      )}
      {save.state.step === "confirm" && <SaveDialog root={opened.root} flowId={opened.id} diff={save.state.diff} busy={save.state.busy} onConfirm={save.confirm} onCancel={save.cancel} />}
      {save.state.step === "conflict" && (
        <ConflictView root={opened.root} flowId={opened.id} conflicts={save.state.conflicts} onReload={onReload} onKeep={() => void save.keepDraft()} />
      )}
    </main>
  );
}
