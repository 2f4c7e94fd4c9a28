/** What a save will write, as a diff of each file, with "Confirm save" and "Cancel". */
import type { FileDiff as FileDiffData } from "./studioApi";
import { FileDiff } from "./FileDiff";
import { Modal } from "./Modal";

export interface SaveDialogProps {
  root: string;
  flowId: string;
  diff: FileDiffData[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function SaveDialog({ root, flowId, diff, busy, onConfirm, onCancel }: SaveDialogProps) {
  return (
    <Modal title="Save these changes?" onCancel={onCancel} className="studio-save-dialog">
      <p>Saving writes {diff.length === 1 ? "this file" : `these ${diff.length} files`} in the forms folder:</p>
      {diff.map((file) => (
        <FileDiff key={file.name} file={`${root}/${flowId}/${file.name}`} patch={file.patch} created={file.created} />
      ))}
      <div className="studio-buttons">
        <button type="button" className="primary" onClick={onConfirm} disabled={busy}>
          Confirm save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
