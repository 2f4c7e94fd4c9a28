/** A save refused because a file changed on disk since it was opened: both versions of each file, and the two ways on. */
import { createTwoFilesPatch } from "diff";
import type { Conflict } from "./studioApi";
import { FileDiff } from "./FileDiff";
import { Modal } from "./Modal";

export interface ConflictViewProps {
  root: string;
  flowId: string;
  conflicts: Conflict[];
  /** Drops the draft and opens the files as they are on disk now. */
  onReload: () => void;
  /** Keeps the draft, taking the files on disk now as what it will be saved over. */
  onKeep: () => void;
}

export function ConflictView({ root, flowId, conflicts, onReload, onKeep }: ConflictViewProps) {
  return (
    <Modal title="Changed on disk since you opened it" onCancel={onKeep} className="studio-conflict">
      <p>
        Nothing was written. {conflicts.length === 1 ? "This file was" : "These files were"} changed by someone or something else
        (another tab, another person, an editor) after you opened {conflicts.length === 1 ? "it" : "them"}. Lines marked − are on disk
        now; lines marked + are in your draft.
      </p>
      {conflicts.map((c) => {
        const file = `${root}/${flowId}/${c.name}`;
        const patch = createTwoFilesPatch(`${file} on disk`, `${file} in your draft`, c.disk ?? "", c.draft);
        return <FileDiff key={c.name} file={c.disk === null ? `${file} (removed from disk)` : file} patch={patch} created={false} />;
      })}
      <div className="studio-buttons">
        <button type="button" onClick={onReload}>
          Reload from disk
        </button>
        <button type="button" className="primary" onClick={onKeep}>
          Keep my draft
        </button>
      </div>
      <p>&quot;Keep my draft&quot; lets you save your draft over what is on disk now; &quot;Reload from disk&quot; drops your changes.</p>
    </Modal>
  );
}
