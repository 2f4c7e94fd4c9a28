/**
 * A colleague saved the draft while this page's edit was on its way: who and when, their change beside yours, and
 * two ways on. "Keep both" joins the two edits where they touch different properties; where both changed one
 * property it says so and asks about each such change of yours, one at a time. "Take theirs, re-apply mine" starts
 * from their draft and asks about every change of yours. No change of yours is left out without being shown.
 */
import { useMemo, useState } from "react";
import type { FlowDocument } from "../../engine/core/types";
import { applyChange, changeInWords, changesBetween, mergeDrafts, pathInWords, touchSame, type Change } from "../../engine/studio/draftMerge";
import { savedInWords } from "./draftConflictWords";
import type { DraftConflict } from "./useKeptDraft";
import { Modal } from "./Modal";

export interface DraftConflictDialogProps {
  conflict: DraftConflict;
  /** The draft as this page shows it, with the edit not kept. */
  mine: FlowDocument;
  now: Date;
  /** The draft to keep, at their revision. */
  onDone: (document: FlowDocument, label: string) => void;
  /** Escape: the edit stays in the page, not kept, until the conflict is taken up again. */
  onCancel: () => void;
}

interface Walk {
  /** The draft so far. */
  document: FlowDocument;
  /** Your changes still to decide on; the first is shown. */
  left: Change[];
  done: number;
  total: number;
  label: string;
}

function ChangeList({ changes, label }: { changes: Change[]; label: string }) {
  return (
    <section aria-label={label} className="studio-conflict-side">
      <h3>{label}</h3>
      {changes.length === 0 ? (
        <p>No change.</p>
      ) : (
        <ul>
          {changes.map((change, i) => (
            <li key={i}>
              <code>{changeInWords(change)}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function DraftConflictDialog({ conflict, mine, now, onDone, onCancel }: DraftConflictDialogProps) {
  const { base, theirs } = conflict;
  const editor = theirs.editor;
  const theirChanges = useMemo(() => changesBetween(base, theirs.document), [base, theirs]);
  const myChanges = useMemo(() => changesBetween(base, mine), [base, mine]);
  const merge = useMemo(() => mergeDrafts(base, mine, theirs.document), [base, mine, theirs]);
  const [walk, setWalk] = useState<Walk>();

  const finish = (next: Walk) => (next.left.length === 0 ? onDone(next.document, next.label) : setWalk(next));
  const keepBoth = () => finish({ document: merge.merged, left: merge.overlaps.map((o) => o.mine), done: 0, total: merge.overlaps.length, label: `Kept both: ${editor}'s save and yours` });
  const takeTheirs = () => finish({ document: theirs.document, left: myChanges, done: 0, total: myChanges.length, label: `Took ${editor}'s save, re-applied yours` });
  const step = (reapply: boolean) => {
    if (!walk) return;
    const [change, ...left] = walk.left;
    const applied = reapply && change ? applyChange(walk.document, change) : undefined;
    finish({ ...walk, document: applied ?? walk.document, left, done: walk.done + 1 });
  };

  if (walk) {
    const change = walk.left[0]!;
    const applicable = applyChange(walk.document, change) !== undefined;
    const theirsHere = theirChanges.filter((t) => touchSame(t, change));
    return (
      <Modal title="Re-apply your changes" onCancel={onCancel} className="studio-conflict">
        <p>
          Your change {walk.done + 1} of {walk.total}, on {editor}&apos;s draft:
        </p>
        <p>
          <code>{changeInWords(change)}</code>
        </p>
        {theirsHere.length > 0 && (
          <p>
            {editor} changed it too: <code>{theirsHere.map(changeInWords).join("; ")}</code>
          </p>
        )}
        {!applicable && <p>What this change was made to is no longer in {editor}&apos;s draft (they removed it), so it cannot be re-applied.</p>}
        <div className="studio-buttons">
          <button type="button" className="primary" onClick={() => step(true)} disabled={!applicable} autoFocus={applicable}>
            Re-apply this change
          </button>
          <button type="button" onClick={() => step(false)} autoFocus={!applicable}>
            Skip this change
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title="Saved by a colleague while you were editing" onCancel={onCancel} className="studio-conflict">
      <p>
        {savedInWords(editor, theirs.updatedAt, now)} (revision {theirs.revision}). Your edit is not kept yet: it is still on this page, and nothing of it
        is lost while you choose.
      </p>
      <div className="studio-conflict-sides">
        <ChangeList changes={theirChanges} label={`${editor}'s change`} />
        <ChangeList changes={myChanges} label="Your change" />
      </div>
      {merge.overlaps.length > 0 && (
        <div className="studio-notice" role="note">
          <p>Both of you changed {merge.overlaps.length === 1 ? "this property" : "these properties"}, so Keep both cannot join {merge.overlaps.length === 1 ? "it" : "them"}:</p>
          <ul>
            {merge.overlaps.map((overlap, i) => (
              <li key={i}>{pathInWords(overlap.mine.path)}</li>
            ))}
          </ul>
          <p>Keep both takes {editor}&apos;s value there and then asks, one at a time, whether to re-apply yours.</p>
        </div>
      )}
      <div className="studio-buttons">
        <button type="button" className="primary" onClick={keepBoth} autoFocus>
          Keep both
        </button>
        <button type="button" onClick={takeTheirs}>
          Take theirs, re-apply mine
        </button>
      </div>
    </Modal>
  );
}
