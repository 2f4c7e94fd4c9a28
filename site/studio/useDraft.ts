/** The version page's state: the files on disk as opened, the undo history of the workspace, and the findings for the draft. */
import { useCallback, useEffect, useMemo, useState } from "react";
import type { Finding } from "../../engine/core/findings";
import { canRedo, canUndo, current, push, redo, redoLabel, startHistory, undo, undoLabel, type History } from "../../engine/studio/history";
import { changedFiles, draftText, type Workspace } from "../../engine/studio/workspace";
import { checkDrafts, type FileOnDisk } from "./studioApi";

/** How long after the last edit the findings are asked for. */
const CHECK_DELAY_MS = 250;

export interface DraftState {
  workspace: Workspace;
  disk: Record<string, FileOnDisk>;
  findings: Finding[];
  /** The files an edit has changed, with their texts: nothing unsaved when empty. */
  changed: Record<string, string>;
  edit: (workspace: Workspace, label: string) => void;
  undo: () => void;
  redo: () => void;
  undoLabel?: string;
  redoLabel?: string;
  canUndo: boolean;
  canRedo: boolean;
  /** The files as now on disk (after a save, or to take the disk's version as the new base); a new version's history starts again. */
  setDisk: (files: Record<string, FileOnDisk | null>, workspace?: Workspace) => void;
  setFindings: (findings: Finding[]) => void;
}

export function useDraft(flowId: string, opened: Workspace, openedDisk: Record<string, FileOnDisk>, openedFindings: Finding[]): DraftState {
  const [history, setHistory] = useState<History<Workspace>>(() => startHistory(opened));
  const [disk, setDiskFiles] = useState(openedDisk);
  const [findings, setFindings] = useState(openedFindings);
  const workspace = current(history);
  const changed = useMemo(() => changedFiles(workspace, disk), [workspace, disk]);

  // The open version's text is always sent, so the findings are for the draft as shown even when nothing changed.
  const drafts = useMemo(() => JSON.stringify({ [workspace.name]: draftText(workspace.draft), ...changed }), [workspace, changed]);
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      checkDrafts(flowId, JSON.parse(drafts) as Record<string, string>, abort.signal).then(setFindings, (error: Error) => {
        if (error.name !== "AbortError") setFindings([{ severity: "error", rule: "studio", file: flowId, message: `The findings could not be checked: ${error.message}`, fix: "Edit again in a moment; if this stays, reload the page." }]);
      });
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [flowId, drafts]);

  const edit = useCallback((next: Workspace, label: string) => setHistory((h) => push(h, next, label)), []);
  const setDisk = useCallback((files: Record<string, FileOnDisk | null>, reopened?: Workspace) => {
    setDiskFiles((old) => {
      const next = { ...old };
      for (const [name, file] of Object.entries(files)) {
        if (file) next[name] = file;
        else delete next[name];
      }
      return next;
    });
    if (reopened) setHistory(startHistory(reopened));
  }, []);
  const undoEdit = useCallback(() => setHistory(undo), []);
  const redoEdit = useCallback(() => setHistory(redo), []);
  return {
    workspace,
    disk,
    findings,
    changed,
    edit,
    undo: undoEdit,
    redo: redoEdit,
    undoLabel: undoLabel(history),
    redoLabel: redoLabel(history),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    setDisk,
    setFindings,
  };
}
